/** Handlers of the perpetuals channels: each a thin call into the perps desk (src/main/core/perps/). */
import type { PerpsDesk } from '../perps/perpsDesk';
import { listPerpsAccounts } from '../perps/perpsAccounts';
import { perpsEquitySeries } from '../perps/perpsEquity';
import { queryPerpsFunding, queryPerpsTransfers } from '../perps/perpsHistoryViews';
import { perpsInfo } from '../perps/perpsInfo';
import { requestSandboxPerpsFunds, setSandboxPerpsPosition } from '../perps/perpsSandboxAdmin';
import { rotatePerpsProxy } from '../perps/proxyRotation';
import { sendPerpsTransfer } from '../perps/transferSend';
import type { BridgeHandlers } from './handlerTypes';

export type PerpsChannels =
  | 'getPerpsInfo' | 'listPerpsAccounts' | 'rotatePerpsProxy' | 'previewPerpsTransfer' | 'sendPerpsTransfer'
  | 'syncPerpsHistory' | 'queryPerpsTransfers' | 'exportPerpsTransfers' | 'queryPerpsFunding' | 'getPerpsEquity'
  | 'listPerpsTrades' | 'getPerpsReferral' | 'createPerpsInvite' | 'applyPerpsReferralCode'
  | 'requestSandboxPerpsFunds' | 'setSandboxPerpsPosition';

export function createPerpsHandlers(desk: PerpsDesk): Pick<BridgeHandlers, PerpsChannels> {
  const { context } = desk;
  return {
    getPerpsInfo: () => perpsInfo(context),
    listPerpsAccounts: ({ accountId }) => listPerpsAccounts(context, accountId),
    rotatePerpsProxy: ({ accountId, proxyAddress }) => rotatePerpsProxy(context, desk.proxies, accountId, proxyAddress),
    previewPerpsTransfer: (draft) => desk.previews.preview(draft),
    sendPerpsTransfer: ({ previewId }) => sendPerpsTransfer(context, desk.previews, previewId),
    syncPerpsHistory: ({ accountId, kind, jobId, full }) => desk.sync.sync(accountId, kind, { ...(jobId ? { jobId } : {}), full }),
    queryPerpsTransfers: async (input) => queryPerpsTransfers(context, desk.sync, input),
    exportPerpsTransfers: ({ accountId, filter, format, jobId }) => desk.exports.export(accountId, filter, format, jobId),
    queryPerpsFunding: async (input) => queryPerpsFunding(context, desk.sync, input),
    getPerpsEquity: ({ accountId, interval, points }) => perpsEquitySeries(context, accountId, interval, points),
    listPerpsTrades: async ({ instrumentId, limit }) =>
      (await context.client.trades(instrumentId, { limit })).data.map((t) => ({
        tradeId: t.trade_id, instrumentId: t.instrument_id, price: t.price, quantity: t.quantity, at: t.timestamp, hash: t.hash,
      })),
    getPerpsReferral: ({ accountId }) => desk.referrals.get(accountId),
    createPerpsInvite: ({ accountId }) => desk.referrals.createInvite(accountId),
    applyPerpsReferralCode: ({ accountId, code }) => desk.referrals.apply(accountId, code),
    requestSandboxPerpsFunds: ({ accountId, asset, amount }) => requestSandboxPerpsFunds(context, accountId, asset, amount),
    setSandboxPerpsPosition: ({ accountId, instrumentId, size }) => setSandboxPerpsPosition(context, accountId, instrumentId, size),
  };
}
