/**
 * The active network in the title bar and a menu of the others: one click opens it, one click on
 * a network switches (after a confirm dialog when something rests or runs there). Arrows move in
 * the open menu, Enter picks, Escape closes.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCloseOnOutsidePointer } from '../../hooks/useCloseOnOutsidePointer';
import { useShallow } from 'zustand/react/shallow';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { useNetworkStore } from '../../stores/networkStore';
import { NetworkBadge } from '../NetworkBadge';
import { NetworkSwitchDialog } from './NetworkSwitchDialog';
import { errorText } from '../../lib/errorText';

export function NetworkSwitcher() {
  const active = useAppStatusStore((s) => s.status?.network ?? null);
  const { choices, switchingTo, error, pending, loadChoices, pick } = useNetworkStore(
    useShallow((s) => ({ choices: s.choices, switchingTo: s.switchingTo, error: s.error, pending: s.pending, loadChoices: s.loadChoices, pick: s.pick })),
  );
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const [highlight, setHighlight] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useCloseOnOutsidePointer(rootRef, open, closeMenu);
  // Read once at start too: the active choice may carry why the app is not on its saved network.
  useEffect(() => {
    void loadChoices();
  }, [loadChoices]);

  if (!active) return null;
  const startNotice = choices.find((choice) => choice.active && choice.id === active.id)?.notice ?? null;

  const openMenu = () => {
    void loadChoices();
    setHighlight(Math.max(0, choices.findIndex((c) => c.id === active.id)));
    setOpen(true);
  };
  const choose = (index: number) => {
    const target = choices[index];
    setOpen(false);
    buttonRef.current?.focus();
    if (target && target.id !== active.id) void pick(target.id);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    const last = choices.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => (event.key === 'ArrowDown' ? Math.min(last, h + 1) : Math.max(0, h - 1)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(highlight);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="network-switcher" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="titlebar-button network-switcher-button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="network-switcher"
        data-network-id={active.id}
        disabled={switchingTo !== null}
        onClick={() => (open ? setOpen(false) : openMenu())}
      >
        {/* The badge is the switcher's face: which money is at stake, and where to change it, in one place. */}
        {switchingTo ? (
          <span className="network-switcher-label">{`Switching to ${switchingTo}…`}</span>
        ) : (
          <NetworkBadge testId="titlebar-network-badge" />
        )}
        {/* Named by what it shows, then what it does: a spoken name that matches the visible one. */}
        <span className="visually-hidden"> — switch network</span>
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="switcher-popover network-switcher-menu" role="menu" aria-label="Networks" data-testid="network-switcher-menu">
          {startNotice ? (
            <p className="network-switcher-notice" data-testid="network-start-notice-full">
              {startNotice}
            </p>
          ) : null}
          {choices.map((choice, index) => (
            <button
              key={choice.id}
              type="button"
              role="menuitemradio"
              aria-checked={choice.id === active.id}
              className="switcher-option network-switcher-option"
              data-highlighted={index === highlight || undefined}
              data-testid="network-switcher-option"
              data-network-id={choice.id}
              onPointerEnter={() => setHighlight(index)}
              onClick={() => choose(index)}
            >
              <span className="switcher-check" aria-hidden="true">
                {choice.id === active.id ? '●' : ''}
              </span>
              <span className="switcher-option-main">
                <span className="switcher-option-label">{choice.label}</span>
                <span className="network-switcher-kind">{choice.isSandbox ? 'Paper trading on this computer' : 'Real network'}</span>
              </span>
            </button>
          ))}
        </div>
      ) : error && !pending ? (
        <span className="titlebar-error" role="alert" data-testid="network-switch-error" title={errorText(error)}>
          {errorText(error)}
        </span>
      ) : startNotice ? (
        // Short in the title bar; the whole sentence in its tooltip and at the top of the menu.
        <span className="titlebar-error" role="status" data-testid="network-start-notice" title={startNotice}>
          Saved network unavailable
        </span>
      ) : null}
      <NetworkSwitchDialog />
    </div>
  );
}
