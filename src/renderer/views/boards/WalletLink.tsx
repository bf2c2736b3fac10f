/**
 * A wallet in a table: the user's own account label when it is one of theirs, else the name the
 * service gave, else the short address; a click opens it read-only in Portfolio.
 */
import { useMemo } from 'react';
import { shortAddress } from '../../lib/address';
import { selectAccounts, useAccountsStore } from '../../stores/accountsStore';
import { lookUpWallet } from './lookUpWallet';

/** The user's wallets (an account's funder, else its address), lower case → account label. */
export function useOwnWallets(): ReadonlyMap<string, string> {
  const accounts = useAccountsStore(selectAccounts);
  return useMemo(() => new Map(accounts.map((a) => [(a.funder ?? a.address).toLowerCase(), a.label])), [accounts]);
}

export function WalletLink({ wallet, name, own, testId }: { wallet: string; name?: string | null; own: ReadonlyMap<string, string>; testId: string }) {
  const label = own.get(wallet.toLowerCase());
  return (
    <button type="button" className="link-button num cell-ellipsis" title={`${wallet} — look up in Portfolio`} onClick={() => lookUpWallet(wallet)} data-testid={testId} data-own={label !== undefined}>
      {label !== undefined ? <span className="badge an-badge-gap">YOU</span> : null}
      {label ?? name ?? shortAddress(wallet)}
    </button>
  );
}
