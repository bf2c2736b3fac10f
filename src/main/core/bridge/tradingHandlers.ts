/** Handlers of the trading channels: each a thin call into the trading desk. */
import type { TradingDesk } from '../trading/tradingDesk';
import type { BridgeHandlers } from './handlerTypes';

type TradingChannel =
  | 'previewOrder' | 'previewOrders' | 'placeOrder' | 'placeOrders' | 'cancelOrder' | 'cancelOrders' | 'cancelMarketOrders'
  | 'cancelAllOrders' | 'listOpenOrders' | 'listAccountTrades' | 'cancelJob' | 'getBalanceAllowance'
  | 'refreshBalanceAllowance' | 'getTradingState' | 'setHeartbeat' | 'setConfirmOrders' | 'getPriceHistory'
  | 'getOhlc' | 'getRecentTrades' | 'listFillNotifications' | 'dismissFillNotifications'
  | 'requestSandboxFunds' | 'setSandboxExchangeMode' | 'setSandboxAddressRestriction'
  | 'amendOrder'
  // risk
  | 'getRiskState' | 'setRiskLimits' | 'killSwitch';

export function createTradingHandlers(desk: TradingDesk): Pick<BridgeHandlers, TradingChannel> {
  return {
    previewOrder: ({ ticket }) => desk.orders.preview(ticket),
    previewOrders: ({ tickets }) => desk.orders.previewBatch(tickets),
    placeOrder: ({ ticket }) => desk.orders.place(ticket),
    placeOrders: ({ tickets }) => desk.orders.placeBatch(tickets),
    cancelOrder: ({ orderId }) => desk.orders.cancel([orderId]),
    cancelOrders: ({ orderIds }) => desk.orders.cancel(orderIds),
    cancelMarketOrders: (filter) => desk.orders.cancelMarket(filter),
    amendOrder: (request) => desk.orders.amend(request),
    // risk: limits and their use; the kill switch cancels every account's orders on this network.
    getRiskState: ({ tokenId }) => desk.risk.state(tokenId),
    setRiskLimits: ({ accountId, limits, networkId }) => desk.risk.setLimits(accountId, limits, networkId),
    killSwitch: ({ networkId }) => desk.killSwitch.run(networkId),
    cancelAllOrders: () => desk.orders.cancelAll(),
    listOpenOrders: (filter) => desk.activity.openOrders(desk.clob.tradingAccount(), filter),
    listAccountTrades: ({ market, jobId }) => desk.trades(market, jobId),
    cancelJob: async ({ jobId }) => ({ cancelled: desk.jobs.cancel(jobId) }),
    getBalanceAllowance: ({ tokenId }) => desk.balance(tokenId),
    refreshBalanceAllowance: ({ tokenId }) => desk.balance(tokenId, true),
    getTradingState: async () => desk.state(),
    setHeartbeat: ({ enabled }) => desk.setHeartbeat(enabled),
    setConfirmOrders: async ({ enabled }) => desk.setConfirmOrders(enabled),
    getPriceHistory: ({ tokenId, interval, fidelity }) => desk.marketData.priceHistory(tokenId, interval, fidelity),
    getOhlc: ({ tokenId, fidelity, startTs, limit }) => desk.marketData.ohlc(tokenId, fidelity, startTs, limit),
    getRecentTrades: ({ tokenId }) => desk.marketData.recentTrades(tokenId),
    listFillNotifications: async () => desk.activity.notifications(desk.activeAccountId()),
    dismissFillNotifications: async ({ ids }) => ({ dismissed: await desk.activity.dismiss(desk.clob.tradingAccount(), ids) }),
    requestSandboxFunds: ({ amount }) => desk.fundSandboxAccount(amount),
    setSandboxExchangeMode: async ({ mode, retryAfterSeconds }) => {
      await desk.sandbox.setMode(mode, retryAfterSeconds);
      desk.modes.set(mode, retryAfterSeconds ? Date.now() + retryAfterSeconds * 1000 : null, null);
      return desk.state();
    },
    setSandboxAddressRestriction: async ({ restriction }) => {
      const account = desk.clob.tradingAccount();
      await desk.sandbox.restrict(account.funder ?? account.address, restriction);
      desk.modes.restrict(account.funder ?? account.address, restriction);
      return desk.state();
    },
  };
}
