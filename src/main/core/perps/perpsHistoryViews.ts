/**
 * Reads the stored perps history for the views: transfer pages (filtered, sorted, windowed) with
 * the counterparty's label when it is one of the user's accounts, and funding pages with exact
 * per-instrument totals.
 */
import type { PerpsFundingPage, PerpsFundingTotal, PerpsTransfersPage, PerpsTransferFilter, PerpsTransferSort, PerpsTransferView } from '../../../shared/perpsViews';
import { walletKey } from '../history/historyStore';
import type { StoredPerpsTransfer } from '../history/perpsTransfersTable';
import { sumDecimals } from './perpsAmounts';
import { ownAccountAt, type PerpsContext } from './perpsContext';
import type { PerpsHistorySync } from './perpsHistorySync';
import { symbolOf } from './perpsInfo';

export function toTransferView(context: PerpsContext, row: StoredPerpsTransfer): PerpsTransferView {
  return {
    transferId: row.transferId,
    direction: row.amountUnits.startsWith('-') ? 'out' : 'in',
    counterparty: row.counterparty,
    counterpartyAccountLabel: ownAccountAt(context, row.counterparty)?.label ?? null,
    asset: row.asset,
    amount: row.amount,
    amountUnits: row.amountUnits,
    label: row.label,
    createdAt: row.createdAt,
  };
}

export function queryPerpsTransfers(
  context: PerpsContext,
  sync: PerpsHistorySync,
  input: { accountId: string; filter: PerpsTransferFilter; sort: PerpsTransferSort; offset: number; limit: number },
): PerpsTransfersPage {
  const account = context.registry.get(input.accountId);
  const { total, rows } = context.store.perpsTransfers.window(walletKey(account.address), input.filter, input.sort, input.offset, input.limit);
  return { total, offset: input.offset, rows: rows.map((row) => toTransferView(context, row)), sync: sync.state(account, 'transfers') };
}

export function queryPerpsFunding(
  context: PerpsContext,
  sync: PerpsHistorySync,
  input: { accountId: string; instrumentId?: number | undefined; offset: number; limit: number },
): PerpsFundingPage {
  const account = context.registry.get(input.accountId);
  const key = walletKey(account.address);
  const { total, rows } = context.store.perpsFunding.window(key, input.instrumentId, input.offset, input.limit);
  const totals: PerpsFundingTotal[] = [...context.store.perpsFunding.amountsByInstrument(key)]
    .map(([instrumentId, amounts]) => ({ instrumentId, symbol: symbolOf(context, instrumentId), total: sumDecimals(amounts), payments: amounts.length }))
    .sort((a, b) => a.instrumentId - b.instrumentId);
  return {
    total,
    offset: input.offset,
    rows: rows.map((r) => ({
      instrumentId: r.instrument_id, symbol: symbolOf(context, r.instrument_id), size: r.size, fundingRate: r.funding_rate,
      fundingAsset: r.funding_asset, funding: r.funding, at: r.timestamp,
    })),
    totals,
    sync: sync.state(account, 'funding'),
  };
}
