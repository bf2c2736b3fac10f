/**
 * The rules for a new keystore password, checked by main wherever the password is asked (the
 * desktop prompt window, the browser-mode export page). The renderer never sees this password.
 */
export const MIN_KEYSTORE_PASSWORD_LENGTH = 8;
export const MAX_KEYSTORE_PASSWORD_LENGTH = 1024;

/** Null when the choice is good; otherwise one sentence naming the problem (never the password). */
export function keystorePasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_KEYSTORE_PASSWORD_LENGTH) {
    return `The keystore password needs at least ${MIN_KEYSTORE_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_KEYSTORE_PASSWORD_LENGTH) {
    return `The keystore password can have at most ${MAX_KEYSTORE_PASSWORD_LENGTH} characters.`;
  }
  if (confirmation !== password) return 'The two keystore passwords do not match.';
  return null;
}
