/**
 * A modal dialog on the native <dialog>: the browser traps focus, puts it in the top layer and
 * closes it on Escape, so none of that is re-implemented here. The element marked
 * `data-autofocus` gets focus when it opens.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** Wider dialogs for forms with two columns. */
  size?: 'normal' | 'wide';
  /** While a call runs, Escape and the backdrop do not close (the answer would have nowhere to go). */
  busy?: boolean;
}

export function Dialog({ title, onClose, children, testId, size = 'normal', busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!latest.current.busy) latest.current.onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onMouseDown={(event) => {
        // A press on the backdrop lands on the <dialog> itself; presses inside land on children.
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} disabled={busy} data-testid="dialog-close">
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
