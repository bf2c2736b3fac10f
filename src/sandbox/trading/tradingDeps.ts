/**
 * Everything the trading routes share, built once by start.ts (see `createTrading`), plus the
 * first steps every authenticated trading route takes.
 */
import type { RecoveryThread } from './recoveryThread';
import type { ExchangeContracts, OrderVersion } from '../../shared/orders/orderSchema';
import { verifyL2, type L2Identity } from '../clob/auth/l2Auth';
import type { ApiKeyStore } from '../clob/auth/apiKeyStore';
import { clobError } from '../clob/clobErrors';
import type { Exchange } from '../clob/exchange';
import type { AuthCheck } from '../http/authCheck';
import type { RequestContext } from '../http/router';
import type { AddressRestrictions, FaultInjector } from './addressRestrictions';
import type { DeadManSwitch } from './deadManSwitch';
import type { DelayedMatches } from './delayedMatches';
import type { ExchangeMode } from './exchangeMode';
import type { SignerBuckets } from './signerBuckets';
import type { TradingDesk } from './tradingDesk';
import { TRADING_MESSAGES } from './tradingMessages';

export interface TradingDeps {
  desk: TradingDesk;
  exchange: Exchange;
  keys: ApiKeyStore;
  mode: ExchangeMode;
  restrictions: AddressRestrictions;
  faults: FaultInjector;
  orderBuckets: SignerBuckets;
  cancelBuckets: SignerBuckets;
  heartbeats: DeadManSwitch;
  contracts: ExchangeContracts;
  /** Orders accepted as `delayed`, placed when their delay is over (delayedMatches.ts). */
  delayed: DelayedMatches;
  /** Recovers order signers off the event loop (recoveryThread.ts). */
  recovery: RecoveryThread;
  orderVersion: OrderVersion;
  pageSize: number;
  now: () => number;
}

export const authenticate = (ctx: RequestContext, deps: TradingDeps): AuthCheck<L2Identity> => verifyL2(ctx, deps.keys, deps.now());

export const tooManyRequests = () => clobError(429, TRADING_MESSAGES.tooManyRequests, { 'retry-after': '1' });

/**
 * The common head of order and cancel routes: L2 authentication, then the 425 of a restarting
 * matching engine, then the signer's token bucket (`count` tokens).
 */
export function admitTrading(ctx: RequestContext, deps: TradingDeps, buckets: SignerBuckets, count: number): AuthCheck<L2Identity> {
  const auth = authenticate(ctx, deps);
  if (!auth.ok) return auth;
  const restarting = deps.mode.tradingGate();
  if (restarting) return { ok: false, reply: restarting };
  if (!buckets.take(auth.identity.address, count)) return { ok: false, reply: tooManyRequests() };
  return auth;
}
