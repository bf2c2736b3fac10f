/**
 * While main waits for the user's answer in its own surface, the page says so and points there:
 * on the desktop, main's window (already in front); in browser mode, a page on main's second
 * origin, opened from here. "Cancel" declines (that only reduces risk); nothing here confirms.
 */
import { useConfirmationsStore } from '../stores/confirmationsStore';
import { Dialog } from './Dialog';

export function PendingConfirmationDialog() {
  const question = useConfirmationsStore((s) => s.pending[0] ?? null);
  const decline = useConfirmationsStore((s) => s.decline);
  if (!question) return null;
  const cancel = () => void decline(question.id);
  return (
    <Dialog title="Waiting for your answer" onClose={cancel} testId="confirmation-pending">
      <p className="confirmation-pending-title" data-testid="confirmation-pending-title">
        {question.title}
      </p>
      {question.surface === 'window' ? (
        <p>Marketdesk asks you in a window of its own, in front of this one. Check what it shows, then answer there.</p>
      ) : (
        <p>
          Marketdesk asks you on a page of its own, which this window cannot see or answer. Open it, check what it shows, then answer there.
        </p>
      )}
      <div className="form-actions">
        {question.openUrl ? (
          <a className="button button-primary" href={question.openUrl} target="_blank" rel="noopener noreferrer" data-autofocus data-testid="confirmation-pending-open">
            Open the question
          </a>
        ) : null}
        <button type="button" className="button" onClick={cancel} data-autofocus={question.openUrl ? undefined : true} data-testid="confirmation-pending-cancel">
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
