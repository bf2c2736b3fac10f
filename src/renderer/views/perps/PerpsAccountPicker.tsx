/**
 * Which of the user's accounts a perps view shows: the active one (follows the title-bar
 * switcher) or one named account. Watch-only accounts are listed but cannot have a proxy.
 */
import { shortAddress } from '../../lib/address';
import { selectAccounts, useAccountsStore } from '../../stores/accountsStore';

interface PerpsAccountPickerProps {
  /** Null: the active account. */
  value: string | null;
  onChange: (accountId: string | null) => void;
  label?: string;
  testId: string;
}

export function PerpsAccountPicker({ value, onChange, label = 'Account', testId }: PerpsAccountPickerProps) {
  const accounts = useAccountsStore(selectAccounts);
  return (
    <label className="wallet-picker-field">
      <span className="muted">{label}</span>
      <select className="select" value={value ?? 'active'} onChange={(e) => onChange(e.target.value === 'active' ? null : e.target.value)} data-testid={testId}>
        <option value="active">Active account</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.label} · {shortAddress(account.address)}
            {account.kind === 'watchOnly' ? ' · watch-only' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
