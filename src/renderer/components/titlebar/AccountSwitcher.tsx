/**
 * The active account in the title bar and a list to switch to another (button + listbox, the
 * ARIA "select-only combobox" pattern): arrows move, Enter picks, Escape closes, Ctrl/Cmd+N works
 * from anywhere. Every view follows the accounts store, so switching here switches them all.
 */
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useCloseOnOutsidePointer } from '../../hooks/useCloseOnOutsidePointer';
import { useShallow } from 'zustand/react/shallow';
import { shortAddress } from '../../lib/address';
import { selectActiveAccount, useAccountsStore } from '../../stores/accountsStore';
import { hrefForView } from '../../stores/navigationStore';
import { AccountBadges } from '../AccountBadges';
import { AccountSwitcherList } from './AccountSwitcherList';
import { errorText } from '../../lib/errorText';


export function AccountSwitcher() {
  const { accounts, active, switchingTo, switchError, switchTo } = useAccountsStore(
    useShallow((s) => ({
      accounts: s.accounts,
      active: selectActiveAccount(s),
      switchingTo: s.switchingTo,
      switchError: s.switchError,
      switchTo: s.switchTo,
    })),
  );
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const [highlight, setHighlight] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useCloseOnOutsidePointer(rootRef, open, closeMenu);

  if (accounts.length === 0) {
    return (
      <a className="titlebar-button account-switcher-empty" href={hrefForView('accounts')} data-testid="account-switcher">
        No account · Add one
      </a>
    );
  }

  const openList = () => {
    setHighlight(Math.max(0, accounts.findIndex((a) => a.id === active?.id)));
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const pick = async (index: number) => {
    const target = accounts[index];
    if (!target) return;
    if (await switchTo(target.id)) close(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      }
      return;
    }
    const last = accounts.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, highlight + 1),
      ArrowUp: Math.max(0, highlight - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setHighlight(moves[event.key] ?? 0);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void pick(highlight);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="account-switcher" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        className="titlebar-button account-switcher-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${highlight}` : undefined}
        aria-label={`Active account: ${active?.label ?? 'none'}. Switch account`}
        data-testid="account-switcher"
        data-account-id={active?.id ?? ''}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onKeyDown}
      >
        {active ? (
          <>
            <span className="account-switcher-label" data-testid="titlebar-account-label">
              {active.label}
            </span>
            <span className="account-switcher-address num" data-testid="titlebar-account-address" title={active.address}>
              {shortAddress(active.address)}
            </span>
            <AccountBadges account={active} />
          </>
        ) : (
          <span className="muted">Choose an account</span>
        )}
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <AccountSwitcherList
          id={listId}
          accounts={accounts}
          activeId={active?.id ?? null}
          highlight={highlight}
          switchingTo={switchingTo}
          error={switchError}
          onHighlight={setHighlight}
          onPick={(index) => void pick(index)}
          onManage={() => close(false)}
        />
      ) : switchError ? (
        <span className="titlebar-error" role="alert" data-testid="account-switch-error">
          {errorText(switchError)}
        </span>
      ) : null}
    </div>
  );
}
