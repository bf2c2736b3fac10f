import type { KeystoreExportResult, SecretRevealResult } from '../../../shared/custodyViews';

/** A keystore export waiting for its password, which the presenter asks outside the renderer. */
export interface KeystoreOffer {
  title: string;
  explanation: string;
  /** `UTC--<time>--<address>.json`, geth's name for keystore files. */
  fileName: string;
  /**
   * Reads the key from the unlocked vault and encrypts it under the chosen password; returns the
   * keystore v3 JSON. Called at most once, by main, after the user chose a valid password.
   */
  encrypt(keystorePassword: string): Promise<string>;
}

/**
 * Shows a secret to the user outside the renderer: a native dialog owned by the Electron main
 * process, or a one-time page served by the browser-mode host on an origin of its own. The
 * renderer only learns where it was shown, so the secret never enters its state, its logs or its
 * crash reports. Exports work the same way: the keystore password is asked, and the file written
 * or downloaded, where the renderer cannot reach.
 */
export interface SecretPresenter {
  /**
   * `secret` is the key's raw bytes, shown as `0x` and hex. The presenter copies what it keeps
   * and never turns it into a JavaScript string where it can avoid it (browser mode builds its
   * page as bytes); the caller zeroes its own copy when this returns.
   */
  present(request: { title: string; explanation: string; secret: Uint8Array }): Promise<SecretRevealResult>;
  offerKeystore(offer: KeystoreOffer): Promise<KeystoreExportResult>;
  /** Called when the vault locks: drop every secret shown but not yet opened or saved. */
  forgetAll?(): void;
}
