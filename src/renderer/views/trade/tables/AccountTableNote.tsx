/**
 * Above a per-account table, what the rows are and why (accountDataPolicy): the last read with
 * its time while the vault is locked, what a watch-only address can and cannot show, or why this
 * account has no such rows yet.
 */
import { formatClock } from '../../../lib/format';
import { hrefForView } from '../../../stores/navigationStore';
import type { TradingBlock } from '../../../stores/tradingAccess';
import { showVaultPrompt } from '../../../stores/vaultPromptStore';
import { TicketBlockedNote } from '../ticket/TicketBlockedNote';

export type AccountTable = 'orders' | 'trades' | 'fills';

const WATCH_ONLY_TEXT: Record<AccountTable, string> = {
  orders: 'Open orders are not public: the exchange shows them only to the account that signs them, and a watch-only address has no key.',
  trades: 'This list is read with the account’s order-book key, which a watch-only address does not have. Its trades are public in Activity.',
  fills: 'Fill notices go to the account that signs the orders; a watch-only address gets none. Its trades are public in Activity.',
};

export function AccountTableNote({ table, block, loadedAt, rows }: { table: AccountTable; block: TradingBlock | null; loadedAt: number; rows: number }) {
  if (block === null) return null;
  const testId = `${table}-note`;
  if (block.kind === 'locked') {
    if (loadedAt <= 0) return <TicketBlockedNote block={block} testId={testId} />;
    return (
      <p className="blocked-note table-as-of" role="status" data-kind="locked" data-testid={testId} data-rows={rows}>
        <span>
          As of <span className="num">{formatClock(loadedAt)}</span> · vault locked. These are the last rows read; they update after unlock.
        </span>
        <button type="button" className="link-button" onClick={() => showVaultPrompt('Unlock the vault to bring orders and balances up to date.')}>
          Unlock…
        </button>
      </p>
    );
  }
  if (block.kind === 'watch_only') {
    return (
      <p className="blocked-note" data-kind="watch_only" data-testid={testId}>
        <span>{WATCH_ONLY_TEXT[table]} Its positions are in Portfolio.</span>
        <a className="link-button" href={hrefForView('portfolio')}>
          Portfolio
        </a>
        <a className="link-button" href={hrefForView('activity')}>
          Activity
        </a>
      </p>
    );
  }
  return <TicketBlockedNote block={block} testId={testId} />;
}
