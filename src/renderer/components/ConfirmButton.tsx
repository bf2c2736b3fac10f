/**
 * A destructive button that asks once, in place: the first click turns it into
 * "<question> Yes / No", so a stray click costs nothing and no modal interrupts the flow.
 */
import { useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  pending?: boolean;
  testId: string;
}

export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, pending, testId }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking || pending) {
    return (
      <button type="button" className="button button-danger-quiet" disabled={disabled || pending} onClick={() => setAsking(true)} data-testid={testId}>
        {pending ? 'Working…' : label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question} data-testid={`${testId}-confirm`}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={`${testId}-yes`}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)} data-testid={`${testId}-no`}>
        Cancel
      </button>
    </span>
  );
}
