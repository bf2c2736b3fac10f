/**
 * What becomes of the active account's private tables (open orders, fills, trades, balances)
 * when what the account may do changes. One rule for every store, so none can keep another
 * account's rows:
 *
 * - `live`: the account can trade; its tables are read and kept current.
 * - `frozen`: the vault is locked; the last read stays on screen, marked with its age, and
 *   nothing private is read until unlock (the core could not sign the request anyway).
 * - `empty`: the account has no such data (watch-only, no order-book credentials, no account,
 *   no vault): whatever a previous account showed is dropped at once.
 *
 * An account switch always empties first, whatever the mode: a frozen table belongs to the
 * account that read it.
 */
import { useAccountsStore } from './accountsStore';
import { currentTradingBlock, type TradingBlock } from './tradingAccess';

export type AccountDataMode = 'live' | 'frozen' | 'empty';

export function accountDataMode(block: TradingBlock | null): AccountDataMode {
  if (block === null) return 'live';
  return block.kind === 'locked' ? 'frozen' : 'empty';
}

/**
 * Whether a store holding rows of `heldAccountId` may keep them while the active account is
 * `activeAccountId` under `block`: only the same account, and only live or frozen.
 */
function mayKeepRows(heldAccountId: string | null, activeAccountId: string | null, block: TradingBlock | null): boolean {
  return heldAccountId !== null && heldAccountId === activeAccountId && accountDataMode(block) !== 'empty';
}

/**
 * The start of every per-account store's load: the active account when its rows may be read now
 * (live); otherwise null, after applying the rule to what the store holds (kept while frozen for
 * the same account, reset for anything else).
 */
export function accountToRead(store: { accountId: string | null; reset: () => void }): string | null {
  const accountId = useAccountsStore.getState().activeAccountId;
  const block = currentTradingBlock();
  if (block === null && accountId !== null) return accountId;
  if (!mayKeepRows(store.accountId, accountId, block)) store.reset();
  return null;
}
