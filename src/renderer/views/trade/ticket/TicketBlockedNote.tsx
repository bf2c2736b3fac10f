/**
 * Why this account cannot trade, with the way out in place: create or unlock the vault, create
 * a first account, create order-book credentials (on the sandbox that happens by itself), or
 * re-issue them when they were issued by another host than the network now points at. Accounts
 * stays linked for everything else (imports, watch-only, wallet types).
 */
import { selectActiveAccount, useAccountsStore } from '../../../stores/accountsStore';
import { useAppStatusStore } from '../../../stores/appStatusStore';
import { hrefForView } from '../../../stores/navigationStore';
import type { TradingBlock } from '../../../stores/tradingAccess';
import { showVaultPrompt } from '../../../stores/vaultPromptStore';
import { CreateAccountInline } from '../onboarding/CreateAccountInline';
import { CreateCredentialsInline } from '../onboarding/CredentialsStep';

/** The block's sentence, said for this place: the ways out are right here, not in Accounts. */
function reasonHere(block: TradingBlock, label: string | undefined): string {
  if (block.kind === 'no_account') return 'No account yet: create one to trade.';
  if (block.kind === 'no_credentials') return `“${label ?? ''}” needs order-book credentials to trade.`;
  return block.reason;
}

/** `actions`: the ticket offers the ways out in place; tables beside it only say why. */
export function TicketBlockedNote({ block, testId = 'ticket-blocked', actions = false }: { block: TradingBlock; testId?: string; actions?: boolean }) {
  const account = useAccountsStore(selectActiveAccount);
  const isSandbox = useAppStatusStore((s) => s.status?.network.isSandbox ?? false);
  return (
    <div className="blocked-note" data-kind={block.kind} data-testid={testId}>
      <span data-testid={`${testId}-reason`}>{actions ? reasonHere(block, account?.label) : block.reason}</span>
      {block.kind === 'locked' || block.kind === 'no_vault' ? (
        <button
          type="button"
          className="link-button"
          onClick={() => showVaultPrompt(block.kind === 'locked' ? 'Unlock the vault to sign orders.' : 'Create your vault to keep the keys you trade with.')}
          data-testid={`${testId}-vault`}
        >
          {block.kind === 'locked' ? 'Unlock…' : 'Create vault…'}
        </button>
      ) : null}
      {actions && block.kind === 'no_account' ? <CreateAccountInline testId={`${testId}-create-account`} /> : null}
      {actions && (block.kind === 'no_credentials' || block.kind === 'credentials_elsewhere') && account ? (
        <CreateCredentialsInline account={account} isSandbox={isSandbox} reissue={block.kind === 'credentials_elsewhere'} />
      ) : null}
      <a className="link-button" href={hrefForView('accounts')} data-testid={`${testId}-accounts-link`}>
        Accounts
      </a>
    </div>
  );
}
