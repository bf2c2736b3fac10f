/** The "?" popover listing the Trade view's keyboard shortcuts. */
import { useEffect, useRef, useState } from 'react';

const MOD = /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl';

export const TRADE_SHORTCUTS: Array<[string, string]> = [
  ['B', 'Buy side'],
  ['S', 'Sell side'],
  ['↑ / ↓', 'Price one tick up / down (in the price field)'],
  ['Shift + ↑ / ↓', 'Ten ticks'],
  ['Enter', 'Send the order (in the ticket)'],
  [`${MOD} + Shift + X`, 'Cancel all open orders (asks first)'],
  [`${MOD} + 1…9`, 'Switch to account N'],
];

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return (
    <div className="shortcuts" ref={rootRef}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts"
        onClick={() => setOpen((v) => !v)}
        data-testid="shortcuts-help-button"
      >
        ?
      </button>
      {open ? (
        <div className="shortcuts-popover" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcuts-help">
          <h4 className="panel-title">Shortcuts</h4>
          <dl>
            {TRADE_SHORTCUTS.map(([keys, what]) => (
              <div key={keys} className="shortcut-row">
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
