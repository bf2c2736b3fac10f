import type { ReactNode } from 'react';

/** The last step of a dialog that did its work: what happened, and a Done button. */
export function DialogOutcome({
  testId,
  onClose,
  attributes,
  children,
}: {
  testId: string;
  onClose: () => void;
  /** Extra data-* attributes on the status line, for tests. */
  attributes?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <div className="form">
      <p className="success-note" role="status" data-testid={testId} {...attributes}>
        {children}
      </p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          Done
        </button>
      </div>
    </div>
  );
}
