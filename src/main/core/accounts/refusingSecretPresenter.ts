import { CoreError } from '../coreError';
import type { SecretPresenter } from './secretPresenter';

const UNAVAILABLE = 'This window cannot show a private key safely; use the desktop app or browser mode.';

/** Where no transport can show a secret outside the renderer, revealing is refused, not downgraded. */
export const refusingSecretPresenter: SecretPresenter = {
  present: async () => {
    throw new CoreError('unavailable', UNAVAILABLE);
  },
  offerKeystore: async () => {
    throw new CoreError('unavailable', UNAVAILABLE);
  },
};
