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
import { retryAfter } from '../http/reply';
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

/** The signer's bucket is short: 429 with `Retry-After` until it holds `count` tokens again. */
export const tooManyRequests = (buckets: SignerBuckets, signer: string, count: number) =>
  clobError(429, TRADING_MESSAGES.tooManyRequests, retryAfter(buckets.waitMs(signer, count)));

/**
 * The common head of order and cancel routes: L2 authentication, then the signer's token bucket
 * (`count` tokens). A restarting engine has already answered 425 in front of every
 * authenticated route (restartGate.ts).
 */
export function admitTrading(ctx: RequestContext, deps: TradingDeps, buckets: SignerBuckets, count: number): AuthCheck<L2Identity> {
  const auth = authenticate(ctx, deps);
  if (!auth.ok) return auth;
  if (!buckets.take(auth.identity.address, count)) return { ok: false, reply: tooManyRequests(buckets, auth.identity.address, count) };
  return auth;
}
