/** The switcher's open list: one option per account with its shortcut, and a way to manage them. */
import type { AccountView } from '../../../shared/custodyViews';
import type { BridgeError } from '../../../shared/result';
import { shortAddress } from '../../lib/address';
import { hrefForView } from '../../stores/navigationStore';
import { AccountBadges } from '../AccountBadges';
import { errorText } from '../../lib/errorText';

interface AccountSwitcherListProps {
  id: string;
  accounts: AccountView[];
  activeId: string | null;
  highlight: number;
  switchingTo: string | null;
  error: BridgeError | null;
  onHighlight: (index: number) => void;
  onPick: (index: number) => void;
  onManage: () => void;
}

const SHORTCUT = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl+';

export function AccountSwitcherList(props: AccountSwitcherListProps) {
  const { id, accounts, activeId, highlight, switchingTo, error, onHighlight, onPick, onManage } = props;
  return (
    <div className="switcher-popover" data-testid="account-switcher-list">
      <ul id={id} role="listbox" aria-label="Accounts" className="switcher-list">
        {accounts.map((account, index) => (
          <li
            key={account.id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={account.id === activeId}
            className="switcher-option"
            data-highlighted={index === highlight || undefined}
            data-testid="account-switcher-option"
            data-account-id={account.id}
            onPointerEnter={() => onHighlight(index)}
            // Keep focus on the combobox button; the click still picks.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(index)}
          >
            <span className="switcher-check" aria-hidden="true">
              {account.id === activeId ? '●' : ''}
            </span>
            <span className="switcher-option-main">
              <span className="switcher-option-label">{account.label}</span>
              <span className="switcher-option-address num">{shortAddress(account.address)}</span>
            </span>
            <AccountBadges account={account} />
            <span className="switcher-shortcut num">
              {switchingTo === account.id ? '…' : index < 9 ? `${SHORTCUT}${index + 1}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="action-error switcher-error" role="alert" data-testid="account-switch-error">
          {errorText(error)}
        </p>
      ) : null}
      <a className="switcher-manage" href={hrefForView('accounts')} onClick={onManage}>
        Manage accounts…
      </a>
    </div>
  );
}
