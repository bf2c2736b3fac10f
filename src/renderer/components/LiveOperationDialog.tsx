/**
 * The once-per-account explanation of a kind of signed operation on a live network: what it does
 * and what the key signs, in the core's words (filled in with the network's own contracts and
 * domain). "Continue" records it and the operation goes on to its usual flow; "Back" sends nothing.
 */
import { useLiveOperationStore } from '../stores/liveOperationStore';
import { ActionError } from './ActionError';
import { Dialog } from './Dialog';
import { NetworkBadge } from './NetworkBadge';

export function LiveOperationDialog() {
  const asking = useLiveOperationStore((s) => s.asking);
  const pending = useLiveOperationStore((s) => s.pending);
  const error = useLiveOperationStore((s) => s.error);
  const accept = useLiveOperationStore((s) => s.accept);
  const decline = useLiveOperationStore((s) => s.decline);
  if (!asking) return null;
  const { explanation, view, accountLabel } = asking;
  return (
    <Dialog title={explanation.title} onClose={decline} busy={pending} testId="live-explain-dialog">
      <div className="form-network">
        <NetworkBadge testId="live-explain-network" size="small" />
      </div>
      <p className="live-explain-note" data-testid="live-explain-once">
        {view.networkLabel} is a live network: this moves real money. Shown once for {accountLabel ? `“${accountLabel}”` : 'this account'} on {view.networkLabel}.
      </p>
      <dl className="live-explain" data-kind={explanation.kind} data-testid="live-explain-facts">
        <dt>What it does</dt>
        <dd data-testid="live-explain-does">{explanation.does}</dd>
        <dt>What it signs</dt>
        <dd data-testid="live-explain-signs">{explanation.signs}</dd>
      </dl>
      <ActionError error={error} testId="live-explain-error" purpose="Unlock the vault to continue." />
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={() => void accept()} disabled={pending} data-autofocus data-testid="live-explain-accept">
          {pending ? 'Saving…' : 'I understand, continue'}
        </button>
        <button type="button" className="button" onClick={decline} disabled={pending} data-testid="live-explain-back">
          Back
        </button>
      </div>
    </Dialog>
  );
}
