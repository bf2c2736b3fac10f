/** Why a panel's actions are disabled, with the way out when there is one (unlock, create). */
import { showVaultPrompt } from '../stores/vaultPromptStore';

interface BlockedNoteProps {
  kind: 'locked' | 'no_vault' | 'watch_only';
  reason: string;
  purpose?: string;
  testId?: string;
}

export function BlockedNote({ kind, reason, purpose, testId = 'blocked-note' }: BlockedNoteProps) {
  return (
    <p className="blocked-note" data-kind={kind} data-testid={testId}>
      <span>{reason}</span>
      {kind === 'watch_only' ? null : (
        <button type="button" className="link-button" onClick={() => showVaultPrompt(purpose)}>
          {kind === 'locked' ? 'Unlock…' : 'Create vault…'}
        </button>
      )}
    </p>
  );
}
