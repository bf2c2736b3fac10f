/** The lines every question shows, written the same way wherever main asks. */
import type { NetworkInfo } from '../../../shared/viewModels';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { ConfirmationFact } from './mainConfirmations';

export const networkFact = (network: NetworkInfo): ConfirmationFact =>
  network.isSandbox ? { label: 'Network', value: 'Sandbox · paper money' } : { label: 'Network', value: `LIVE · ${network.label} (real money)`, warn: true };

/** The origin a service is reached at: what a person compares with the host they expect. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export const hostFact = (label: string, url: string): ConfirmationFact => ({ label, value: originOf(url) });

export const accountFact = (account: Pick<StoredAccount, 'label' | 'address'>, label = 'Account'): ConfirmationFact => ({
  label,
  value: `${account.label} (${account.address})`,
});
