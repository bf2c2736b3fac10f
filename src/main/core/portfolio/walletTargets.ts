/**
 * Which wallets a view covers. An account's wallet is the one holding its funds: the funder
 * (proxy, safe or deposit wallet) when it has one, else its signer address. Watch-only accounts
 * count too: their data is public. A looked-up address is read-only and belongs to no account.
 */
import type { WalletRef, WalletTarget } from '../../../shared/portfolioViews';
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import { CoreError } from '../coreError';

export const walletOf = (account: StoredAccount): string => account.funder ?? account.address;

const refOf = (account: StoredAccount): WalletRef => ({
  address: walletOf(account),
  accountId: account.id,
  label: account.label,
  watchOnly: account.kind === 'watchOnly',
});

export function resolveWallets(registry: AccountRegistry, target: WalletTarget): WalletRef[] {
  switch (target.kind) {
    case 'account':
      return [refOf(registry.get(target.accountId))];
    case 'all': {
      const refs = registry.all().map(refOf);
      if (refs.length === 0) throw new CoreError('not_found', 'There is no account yet: add one (or a watch-only address) in Accounts first.');
      // Two accounts can share one funder wallet: count its positions once.
      return refs.filter((ref, i) => refs.findIndex((other) => other.address.toLowerCase() === ref.address.toLowerCase()) === i);
    }
    case 'address': {
      const own = registry.all().find((a) => walletOf(a).toLowerCase() === target.address.toLowerCase());
      return [own ? refOf(own) : { address: target.address, accountId: null, label: null, watchOnly: true }];
    }
  }
}
