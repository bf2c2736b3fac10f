/**
 * Builds the trading half of the order-book service from start.ts's options and adds its
 * routes to the order-book router: orders (orderRoutes.ts), cancels (cancelRoutes.ts), the
 * account's reads and heartbeats (accountRoutes.ts), public market data
 * (marketDataRoutes.ts) and the loopback admin routes (tradingAdminRoutes.ts).
 */
import { PUBLIC_CHAIN_137_CONTRACTS, type OrderVersion } from '../../shared/orders/orderSchema';
import type { ApiKeyStore } from '../clob/auth/apiKeyStore';
import type { Exchange } from '../clob/exchange';
import type { Reply } from '../http/reply';
import type { Router } from '../http/router';
import { addAccountRoutes } from './accountRoutes';
import { AddressRestrictions, FaultInjector } from './addressRestrictions';
import { addCancelRoutes } from './cancelRoutes';
import { DeadManSwitch, DEFAULT_HEARTBEAT_TIMEOUT_MS } from './deadManSwitch';
import { DelayedMatches } from './delayedMatches';
import { ExchangeMode } from './exchangeMode';
import { BookHistory } from './bookHistory';
import { addMarketDataRoutes } from './marketDataRoutes';
import { addOrderbookHistoryRoute } from './orderbookHistoryRoute';
import { addOrderRoutes } from './orderRoutes';
import { DEFAULT_PAGE_SIZE } from './paging';
import { DEFAULT_CANCEL_BUCKET, DEFAULT_ORDER_BUCKET, SignerBuckets, type BucketConfig } from './signerBuckets';
import { addTradingAdminRoutes } from './tradingAdminRoutes';
import { TradingDesk } from './tradingDesk';
import type { TradingDeps } from './tradingDeps';
import { RecoveryThread } from './recoveryThread';
import { restartRefusal } from './restartGate';

export interface TradingOptions {
  exchange: Exchange;
  keys: ApiKeyStore;
  seed: number;
  chainId: number;
  orderVersion?: OrderVersion;
  heartbeatTimeoutMs?: number;
  pageSize?: number;
  signerBuckets?: { orders?: BucketConfig; cancels?: BucketConfig };
  /** How often changed books are recorded for `GET /orderbook-history` (default 10 s). */
  bookHistoryMs?: number;
  /** The estimated bytes those snapshots may hold together (bookHistory.ts). */
  bookHistoryBytes?: number;
  now?: () => number;
}

export interface TradingService {
  desk: TradingDesk;
  addRoutes(router: Router): Router;
  /** The 425 of a restarting engine for an authenticated route (restartGate.ts), or null. */
  restartRefusal(method: string, path: string): Reply | null;
  close(): void;
}

export function createTrading(options: TradingOptions): TradingService {
  const now = options.now ?? Date.now;
  const desk = new TradingDesk(options.exchange, options.seed, now);
  const heartbeats = new DeadManSwitch(options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS, (address) => {
    desk.cancelWhere(address, () => true, 'heartbeat timeout');
  });
  const deps: TradingDeps = {
    desk,
    exchange: options.exchange,
    keys: options.keys,
    mode: new ExchangeMode(now),
    restrictions: new AddressRestrictions(),
    faults: new FaultInjector(),
    orderBuckets: new SignerBuckets(options.signerBuckets?.orders ?? DEFAULT_ORDER_BUCKET, now),
    cancelBuckets: new SignerBuckets(options.signerBuckets?.cancels ?? DEFAULT_CANCEL_BUCKET, now),
    heartbeats,
    // The sandbox network profile: the public chain-137 contracts, on the sandbox's chain id.
    contracts: { ...PUBLIC_CHAIN_137_CONTRACTS, chainId: options.chainId },
    recovery: new RecoveryThread(),
    delayed: new DelayedMatches(),
    orderVersion: options.orderVersion ?? 2,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    now,
  };
  const bookHistory = new BookHistory(options.exchange, options.bookHistoryMs, undefined, options.bookHistoryBytes);
  bookHistory.start();
  return {
    desk,
    addRoutes: (router) =>
      addOrderbookHistoryRoute(
        addTradingAdminRoutes(addMarketDataRoutes(addAccountRoutes(addCancelRoutes(addOrderRoutes(router, deps), deps), deps), deps), deps),
        deps,
        bookHistory,
      ),
    restartRefusal: (method, path) => restartRefusal(deps.mode, method, path),
    close: () => {
      bookHistory.stop();
      deps.delayed.close();
      heartbeats.close();
      deps.recovery.close();
      desk.close();
    },
  };
}
