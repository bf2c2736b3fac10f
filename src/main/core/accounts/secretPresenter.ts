import type { SecretRevealResult } from '../../../shared/custodyViews';

/**
 * Shows a secret to the user outside the renderer: a native dialog owned by the Electron main
 * process, or a one-time page served by the browser-mode host. The renderer only learns where
 * it was shown, so the secret never enters its state, its logs or its crash reports.
 */
export interface SecretPresenter {
  present(request: { title: string; explanation: string; secret: string }): Promise<SecretRevealResult>;
}
