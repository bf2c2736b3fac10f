/**
 * Order placement (L2):
 *   POST /order   PostOrderBody          → 200 PostOrderResponse | {error} with the status below
 *   POST /orders  [PostOrderBody] (≤ 15) → 200 [PostOrderResponse], per-order failures inside
 *
 * Checks, in this order (the first failure answers):
 *   425 engine restarting (restartGate.ts, before everything) · 401 L2 auth · 429 signer's order bucket ·
 *   400 `Invalid order payload` (shape; POST /orders: not an array / empty, or
 *       `Too many orders in payload: {N}, max allowed: 15`) ·
 *   503 exchange mode (trading disabled, cancel-only, post-only for non-post-only orders) ·
 *   500 `order timed out` (injected fault) ·
 *   400 `'{address}' address banned` / `… in closed only mode` (signer, then maker) ·
 *   400 `the order owner has to be the owner of the API KEY` (`owner` is not the key used, or an
 *       EOA order whose maker is not its signer; for signature types 1–3 the maker is the funder) ·
 *   400 `Invalid order payload` (the signature does not recover to `signer`) ·
 *   400 `the order signer address has to be the address of the API KEY` ·
 *   400 `invalid user provided fee rate: {n}, fee rate for the market must be {fee}` (v1 orders
 *       sign `feeRateBps`; it must be the market's `GET /fee-rate`) ·
 *   an injected `message` fault (faults/messageFaults.ts: the order refused with that message,
 *       or accepted as `delayed` and placed after `delayMs`) ·
 *   then tradingDesk.ts: market, tick, minimum size, duplicate, expiration, balance, post-only,
 *   FOK, FAK.
 * In POST /orders the 503 of trading-disabled and cancel-only fail the whole request; in
 * post-only mode each non-post-only order comes back as `{success: true, errorMsg: <the mode's
 * message>, …: ""}` (spec) and the others are placed. Orders of a batch are placed in order; a
 * crossing post-only order inside a batch reads `order {id} crosses the book`, naming which one.
 */
import type { PostOrderResponse } from '../../shared/orders/orderSchema';
import { MAX_ORDERS_PER_BATCH } from '../../shared/orders/orderSchema';
import { traceMark } from '../../shared/perfTrace';
import type { L2Identity } from '../clob/auth/l2Auth';
import { clobError } from '../clob/clobErrors';
import { parseJson } from '../http/body';
import { ok, type Reply } from '../http/reply';
import type { Router } from '../http/router';
import { parseOrderBody, type ParsedOrder } from './orderPayload';
import { checkOrderSignature } from './orderSignature';
import { admitTrading, tooManyRequests, type TradingDeps } from './tradingDeps';
import { TRADING_MESSAGES } from './tradingMessages';
import { delayedPost, failedPost, postOnlyModePost } from './tradingWire';
import { baseFeeOf } from '../clob/marketRoutes';
import type { FaultRule } from '../faults/faultRule';
import { orderFaultEffect } from '../faults/messageFaults';

type Outcome =
  | { kind: 'placed'; response: PostOrderResponse }
  /** `reply` overrides the single-order answer (mode gates carry codes and headers). */
  | { kind: 'refused'; status: number; message: string; orderId: string; reply?: Reply; postOnlyMode?: boolean };

const refused = (status: number, message: string, orderId = ''): Outcome => ({ kind: 'refused', status, message, orderId });

type Screened = { ok: true; order: ParsedOrder } | { ok: false; outcome: Outcome };

/** The synchronous checks before the signature: shape, mode, fault, restrictions, owner. */
function screen(item: unknown, identity: L2Identity, deps: TradingDeps): Screened {
  const order = parseOrderBody(item, deps.orderVersion);
  if (!order) return { ok: false, outcome: refused(400, TRADING_MESSAGES.invalidOrderPayload) };
  const gate = deps.mode.orderGate(order.postOnly);
  if (gate) {
    const message = (gate.body as { error: string }).error;
    return { ok: false, outcome: { kind: 'refused', status: gate.status, message, orderId: '', reply: gate, postOnlyMode: deps.mode.isPostOnly() } };
  }
  if (deps.faults.takeOrderTimeout()) return { ok: false, outcome: refused(500, TRADING_MESSAGES.orderTimedOut) };
  const restricted = deps.restrictions.refusal([order.signer, order.maker]);
  if (restricted) return { ok: false, outcome: refused(400, restricted) };
  const eoaMakerIsNotSigner = order.signatureType === 0 && order.maker.toLowerCase() !== order.signer.toLowerCase();
  if (order.owner !== identity.key.apiKey || eoaMakerIsNotSigner) return { ok: false, outcome: refused(400, TRADING_MESSAGES.ownerMismatch) };
  return { ok: true, order };
}

interface Verified {
  id: `0x${string}`;
  valid: boolean;
}

/** The order id and whether its signature recovers to its `signer` (on the recovery thread). */
async function verify(order: ParsedOrder, deps: TradingDeps): Promise<Verified> {
  const negRisk = deps.exchange.token(order.tokenId)?.entry.market.negRisk ?? false;
  const { id, signer } = await checkOrderSignature(order, deps.contracts, negRisk, deps.recovery);
  return { id, valid: signer === order.signer.toLowerCase() };
}

/**
 * The checks of `screen` that read state another request can change while a signature is being
 * recovered (mode, restrictions), run again just before placing; they have no side effects.
 */
function stillAdmissible(order: ParsedOrder, deps: TradingDeps): Outcome | null {
  const gate = deps.mode.orderGate(order.postOnly);
  if (gate) {
    const message = (gate.body as { error: string }).error;
    return { kind: 'refused', status: gate.status, message, orderId: '', reply: gate, postOnlyMode: deps.mode.isPostOnly() };
  }
  const restricted = deps.restrictions.refusal([order.signer, order.maker]);
  return restricted ? refused(400, restricted) : null;
}

function place(order: ParsedOrder, check: Verified, identity: L2Identity, deps: TradingDeps, fault: FaultRule | undefined): Outcome {
  if (!check.valid) return refused(400, TRADING_MESSAGES.invalidOrderPayload, check.id);
  if (order.signer.toLowerCase() !== identity.address) return refused(400, TRADING_MESSAGES.signerMismatch, check.id);
  const feeProblem = feeRateProblem(order, deps);
  if (feeProblem) return refused(400, feeProblem, check.id);
  if (fault?.variant) {
    const effect = orderFaultEffect(fault.variant, check.id);
    if (effect.kind === 'refuse') return refused(effect.status, effect.message, check.id);
    deps.delayed.schedule(fault.delayMs, () => deps.desk.place(order, check.id, identity.key.apiKey));
    return { kind: 'placed', response: delayedPost(check.id) };
  }
  const placed = deps.desk.place(order, check.id, identity.key.apiKey);
  return placed.ok ? { kind: 'placed', response: placed.response } : refused(placed.status, placed.message, placed.orderId);
}

/**
 * A version-1 order signs `feeRateBps`; it must be the market's fee (`GET /fee-rate`), as the
 * reference client enforces before it signs. Version 2 signs no fee.
 */
function feeRateProblem(order: ParsedOrder, deps: TradingDeps): string | null {
  if (!('feeRateBps' in order.message)) return null;
  const entry = deps.exchange.token(order.tokenId)?.entry;
  if (!entry) return null;
  const fee = BigInt(baseFeeOf(entry));
  return order.message.feeRateBps === fee ? null : TRADING_MESSAGES.invalidFeeRate(String(order.message.feeRateBps), String(fee));
}

/**
 * Screens every order first (so a batch's fault and mode checks see the batch in order), recovers
 * the signers of those that passed (off the event loop, first in first out), then places them in
 * order without yielding.
 */
async function processOrders(items: readonly unknown[], identity: L2Identity, deps: TradingDeps, fault?: FaultRule): Promise<Outcome[]> {
  const screened = items.map((item) => screen(item, identity, deps));
  const checks = await Promise.all(screened.map((s) => (s.ok ? verify(s.order, deps) : null)));
  return screened.map((s, i) => {
    if (!s.ok) return s.outcome;
    return stillAdmissible(s.order, deps) ?? place(s.order, checks[i]!, identity, deps, fault);
  });
}

function singleReply(outcome: Outcome): Reply {
  if (outcome.kind === 'placed') return ok(outcome.response);
  return outcome.reply ?? clobError(outcome.status, outcome.message);
}

function batchElement(outcome: Outcome): PostOrderResponse {
  if (outcome.kind === 'placed') return outcome.response;
  if (outcome.postOnlyMode) return postOnlyModePost(outcome.message);
  // In a batch, a crossing post-only order is named by its id: which of the batch crossed.
  const message = outcome.message === TRADING_MESSAGES.postOnlyCrosses && outcome.orderId ? TRADING_MESSAGES.crossesBook(outcome.orderId) : outcome.message;
  return failedPost(message, outcome.orderId);
}

export function addOrderRoutes(router: Router, deps: TradingDeps): Router {
  return router
    .on('POST', '/order', async (ctx) => {
      traceMark('exchange.in', 'POST /order');
      const admitted = admitTrading(ctx, deps, deps.orderBuckets, 1);
      if (!admitted.ok) return admitted.reply;
      const [outcome] = await processOrders([parseJson(ctx.body)], admitted.identity, deps, ctx.fault);
      traceMark('exchange.out', 'POST /order');
      return singleReply(outcome as Outcome);
    })
    .on('POST', '/orders', async (ctx) => {
      const admitted = admitTrading(ctx, deps, deps.orderBuckets, 0);
      if (!admitted.ok) return admitted.reply;
      const body = parseJson(ctx.body);
      if (!Array.isArray(body) || body.length === 0) return clobError(400, TRADING_MESSAGES.invalidOrderPayload);
      if (body.length > MAX_ORDERS_PER_BATCH) return clobError(400, TRADING_MESSAGES.tooManyOrders(body.length, MAX_ORDERS_PER_BATCH));
      // Disabled and cancel-only refuse the whole batch; post-only is decided per order.
      const gate = deps.mode.orderGate(true);
      if (gate) return gate;
      if (!deps.orderBuckets.take(admitted.identity.address, body.length)) return tooManyRequests(deps.orderBuckets, admitted.identity.address, body.length);
      const outcomes = await processOrders(body, admitted.identity, deps, ctx.fault);
      return ok(outcomes.map(batchElement));
    });
}
