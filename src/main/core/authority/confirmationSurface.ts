/**
 * Where a host shows main's questions: a script-free, preload-free window on the desktop
 * (src/main/electron/confirmationWindow.ts), a one-time page on the second loopback origin in
 * browser mode (src/main/web/oneTimePages.ts). The app's own page can reach neither.
 */
import type { ConfirmationRequest } from './mainConfirmations';

export interface ConfirmationQuestion {
  id: string;
  request: ConfirmationRequest;
  /** Unix ms: after this the question is declined by main, whatever the surface shows. */
  expiresAt: number;
}

export interface ShownQuestion {
  /** Resolves true when the user confirmed, false when they declined or closed the surface. */
  answer: Promise<boolean>;
  /** Browser mode: the page's address, for the app's page to offer as a link. */
  openUrl: string | null;
  /** Main settled the question another way (timeout, lock, the page declined): close it. */
  close(): void;
}

export interface ConfirmationSurface {
  readonly kind: 'window' | 'page';
  show(question: ConfirmationQuestion): ShownQuestion;
}
