import { CoreError } from '../coreError';
import type { SecretPresenter } from './secretPresenter';

/** Where no transport can show a secret outside the renderer, revealing is refused, not downgraded. */
export const refusingSecretPresenter: SecretPresenter = {
  present: async () => {
    throw new CoreError('unavailable', 'This window cannot show a private key safely; use the desktop app or browser mode.');
  },
};
