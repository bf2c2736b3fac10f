/**
 * How a portfolio view is put together from its wallets (portfolioFigures.ts has the figures):
 * what an own account holds besides its positions, why a part could not be read, and the view
 * whose totals are the sum of its wallets'.
 */
import { sumFigures, walletFigures, type WalletExtras } from '../../../shared/portfolioFigures';
import type { MissingPart, PortfolioView, PositionView, RealisedPeriod, WalletRef, WalletTarget } from '../../../shared/portfolioViews';
import type { PortfolioSnapshot } from '../history/snapshotTable';
import { toClosedPositionView } from './positionViews';

/** What an own account holds besides its positions, read through the trading and perps desks. */
export interface AccountMoney {
  /** Order-book USD: the whole balance and what open orders hold. Throws (a CoreError) saying why it cannot be read. */
  cash(accountId: string): Promise<{ balance: string; inOrders: string }>;
  /** Latest perps equity; null when the account has no active perps proxy. Throws saying why it cannot be read. */
  perpsEquity(accountId: string): Promise<string | null>;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const nameOf = (wallet: WalletRef) => wallet.label ?? wallet.address;

/** Why an address's cash is not read: the order book shows a balance only to the account's key. */
const cashUnreadable = (wallet: WalletRef) =>
  wallet.accountId === null
    ? 'it is a looked-up address, and the order book shows a balance only to the holder of the key.'
    : 'it is a watch-only account, and the order book shows a balance only to the holder of the key.';

/**
 * One view of the target's wallets: their positions, closed positions and figures (the totals
 * the sum of the wallets'), as of the oldest copy read.
 */
export function assemblePortfolio(
  target: WalletTarget, period: RealisedPeriod, read: ReadonlyArray<{ wallet: WalletRef; snapshot: PortfolioSnapshot; positions: PositionView[]; extras: WalletExtras }>,
  stale: PortfolioView['stale'],
): PortfolioView {
  const byWallet = read.map(({ wallet, positions, extras }) => walletFigures(wallet, positions, extras));
  return {
    target,
    wallets: read.map((r) => r.wallet),
    positions: read.flatMap((r) => r.positions),
    closed: read.flatMap(({ wallet, snapshot }) => snapshot.closed.map((row) => toClosedPositionView(wallet, row))),
    totals: sumFigures(byWallet),
    byWallet,
    realisedPeriod: period,
    asOf: Math.min(...read.map((r) => r.snapshot.takenAt)),
    stale,
  };
}

/** Cash and perps equity of an own account with a key; what could not be read, with the reason. */
export async function readAccountMoney(money: AccountMoney | undefined, wallet: WalletRef): Promise<Omit<WalletExtras, 'realisedPnl'>> {
  if (wallet.accountId === null || wallet.watchOnly) {
    return { cash: null, perpsEquity: null, missing: [{ wallet: nameOf(wallet), part: 'cash', reason: cashUnreadable(wallet) }] };
  }
  if (!money) return { cash: null, perpsEquity: null, missing: [] };
  const [cash, perps] = await Promise.allSettled([money.cash(wallet.accountId), money.perpsEquity(wallet.accountId)]);
  const missing: MissingPart[] = [];
  if (cash.status === 'rejected') missing.push({ wallet: nameOf(wallet), part: 'cash', reason: reasonOf(cash.reason) });
  if (perps.status === 'rejected') missing.push({ wallet: nameOf(wallet), part: 'perps', reason: reasonOf(perps.reason) });
  return { cash: cash.status === 'fulfilled' ? cash.value : null, perpsEquity: perps.status === 'fulfilled' ? perps.value : null, missing };
}
