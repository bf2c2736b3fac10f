/** The first live operation of a kind is explained in the same question that confirms it. */
import type { LiveOperationKind } from '../../../shared/liveGuardrails';
import type { LiveAcknowledgements } from '../guardrails/liveAcknowledgements';
import type { ConfirmationFact } from './mainConfirmations';

export interface PendingExplanation {
  facts: ConfirmationFact[];
  /** Records the explanation as read, once the user confirmed. */
  record: () => void;
}

/** The explanation still owed for this account and kind, or null when it was read (or on the sandbox). */
export function pendingExplanation(acknowledgements: LiveAcknowledgements, accountId: string, kind: LiveOperationKind): PendingExplanation | null {
  const explanation = acknowledgements.pendingExplanation(accountId, kind);
  if (!explanation) return null;
  return {
    facts: [
      { label: 'First time here', value: explanation.title, warn: true },
      { label: 'What it does', value: explanation.does },
      { label: 'What your key signs', value: explanation.signs },
    ],
    record: () => acknowledgements.record(accountId, kind),
  };
}
