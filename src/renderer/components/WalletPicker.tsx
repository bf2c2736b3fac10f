/**
 * Whose data a view shows: the active account (follows the title-bar switcher), all accounts,
 * one named account, or any 0x address typed in the lookup box (read-only: nothing signs).
 */
import { useState, type FormEvent } from 'react';
import type { WalletChoice } from '../stores/portfolioStore';
import { selectAccounts, useAccountsStore } from '../stores/accountsStore';
import { isAddress, shortAddress } from '../lib/address';
import { formatNumber } from '../lib/format';

interface WalletPickerProps {
  choice: WalletChoice;
  onChoose: (choice: WalletChoice) => void;
  /** Offer "All accounts" (Portfolio sums them; a history is one wallet's). */
  allowAll: boolean;
  testId: string;
}

const valueOf = (choice: WalletChoice): string => {
  if (choice.kind === 'active') return 'active';
  if (choice.kind === 'all') return 'all';
  if (choice.kind === 'account') return `account:${choice.accountId}`;
  return `address:${choice.address}`;
};

export function WalletPicker({ choice, onChoose, allowAll, testId }: WalletPickerProps) {
  const accounts = useAccountsStore(selectAccounts);
  const [lookup, setLookup] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSelect = (value: string) => {
    if (value === 'active') onChoose({ kind: 'active' });
    else if (value === 'all') onChoose({ kind: 'all' });
    else if (value.startsWith('account:')) onChoose({ kind: 'account', accountId: value.slice('account:'.length) });
  };
  const onLookup = (event: FormEvent) => {
    event.preventDefault();
    const text = lookup.trim();
    if (!isAddress(text)) {
      setProblem('An address is 0x followed by 40 hex digits.');
      return;
    }
    setProblem(null);
    onChoose({ kind: 'address', address: text.toLowerCase() });
  };

  return (
    <div className="wallet-picker" data-testid={testId}>
      <label className="wallet-picker-field">
        <span className="muted">Wallet</span>
        <select className="select" value={valueOf(choice)} onChange={(e) => onSelect(e.target.value)} data-testid={`${testId}-select`}>
          <option value="active">Active account</option>
          {allowAll ? <option value="all">All accounts ({formatNumber(accounts.length)})
</option> : null}
          {accounts.map((account) => (
            <option key={account.id} value={`account:${account.id}`}>
              {account.label} · {shortAddress(account.funder ?? account.address)}
              {account.kind === 'watchOnly' ? ' · watch-only' : ''}
            </option>
          ))}
          {choice.kind === 'address' ? <option value={`address:${choice.address}`}>Looked up · {shortAddress(choice.address)}</option> : null}
        </select>
      </label>
      <form className="wallet-lookup" onSubmit={onLookup} role="search" aria-label="Look up any wallet">
        <input
          className="input num"
          placeholder="Look up any 0x address (read-only)"
          value={lookup}
          onChange={(e) => setLookup(e.target.value)}
          spellCheck={false}
          aria-invalid={problem !== null}
          data-testid={`${testId}-lookup`}
        />
        <button type="submit" className="button" data-testid={`${testId}-lookup-go`}>
          Look up
        </button>
        {problem ? (
          <span className="field-error" role="alert" data-testid={`${testId}-lookup-problem`}>
            {problem}
          </span>
        ) : null}
      </form>
    </div>
  );
}
