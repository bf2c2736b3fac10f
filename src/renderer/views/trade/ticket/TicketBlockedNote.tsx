/** Why this account cannot trade, with the way out: unlock, or the Accounts view. */
import { hrefForView } from '../../../stores/navigationStore';
import type { TradingBlock } from '../../../stores/tradingAccess';
import { showVaultPrompt } from '../../../stores/vaultPromptStore';

export function TicketBlockedNote({ block, testId = 'ticket-blocked' }: { block: TradingBlock; testId?: string }) {
  return (
    <p className="blocked-note" data-kind={block.kind} data-testid={testId}>
      <span>{block.reason}</span>
      {block.kind === 'locked' || block.kind === 'no_vault' ? (
        <button type="button" className="link-button" onClick={() => showVaultPrompt('Unlock the vault to sign orders.')}>
          {block.kind === 'locked' ? 'Unlock…' : 'Create vault…'}
        </button>
      ) : null}
      <a className="link-button" href={hrefForView('accounts')} data-testid={`${testId}-accounts-link`}>
        Accounts
      </a>
    </p>
  );
}
