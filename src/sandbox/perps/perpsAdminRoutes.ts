/**
 * Sandbox admin routes of the perps server (loopback-only, behind http/adminGuard.ts like every
 * `/sandbox/` path; not metered by the weight budget). Failures: 400 `{status:"err", error}`
 * naming the field.
 *   POST /sandbox/perps/faucet   {address, asset, amount}  credit paper collateral (asset by name,
 *        e.g. "USDC"; amount a positive decimal string in asset units, at most 1,000,000, within
 *        the asset's decimals); opens the account → the account snapshot below
 *   POST /sandbox/perps/position {address, instrument_id, size}  set a paper position at the
 *        current mark (signed decimal size; 0 closes; the old position's P&L is realised into
 *        USDC) → the account snapshot
 *   GET  /sandbox/perps/account?address=0x…  → {address, balances: [{asset, amount, decimals}],
 *        positions: [{instrument_id, size, entry_price, mark_price, unrealised_pnl}], equity,
 *        free_collateral} (amount in base units; USD values as decimal strings)
 *   GET  /sandbox/perps/weights → the weight counters (weightMeter.ts)
 */
import { getAddress, isAddress, parseUnits, type Hex } from 'viem';
import { parseJson } from '../http/body';
import { ok } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import type { BookAccount } from './accountBook';
import { decimalString, parseAssetAmount, parseSignedSize, usdString } from './decimalText';
import { invalidRequest, PERPS_ERRORS, perpsError } from './perpsErrors';
import { openAccount, type PerpsState } from './perpsState';
import { isObject, type Parsed } from './signedOp';
import type { WeightMeter } from './weightMeter';
import { instrumentSpec, markPrice } from './world/instruments';

export const PERPS_ADMIN_PREFIX = '/sandbox/perps';
const MAX_FAUCET_UNITS = 1_000_000;
const MAX_POSITION_SIZE = 1_000_000;

const addressOf = (value: unknown): Hex | null =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value.toLowerCase()) : null;

/** What the faucet, position and account admin routes answer (amounts in base units, USD as decimal strings). */
export interface PerpsAccountSnapshot {
  address: string;
  balances: Array<{ asset: string; amount: string; decimals: number }>;
  positions: Array<{ instrument_id: number; size: string; entry_price: string; mark_price: string; unrealised_pnl: string }>;
  equity: string;
  free_collateral: string;
}

export function accountSnapshot(state: PerpsState, account: BookAccount, nowMs: number): PerpsAccountSnapshot {
  const valuation = state.book.valuation(account, nowMs);
  return {
    address: account.address,
    balances: state.book.assets.map((a) => ({ asset: a.asset, amount: (account.balances.get(a.asset) ?? 0n).toString(), decimals: a.decimals })),
    positions: [...account.positions.values()].map((p) => {
      const instrument = instrumentSpec(p.instrumentId);
      const mark = instrument ? markPrice(state.seed, instrument, nowMs) : p.entryPrice;
      return {
        instrument_id: p.instrumentId, size: decimalString(p.size, 12), entry_price: decimalString(p.entryPrice, 8),
        mark_price: decimalString(mark, 8), unrealised_pnl: usdString(p.size * (mark - p.entryPrice)),
      };
    }),
    equity: usdString(valuation.equity),
    free_collateral: usdString(valuation.freeCollateral),
  };
}

function jsonBody(ctx: RequestContext, fields: readonly string[]): Parsed<Record<string, unknown>> {
  const body = parseJson(ctx.body);
  if (!isObject(body)) return { ok: false, reply: invalidRequest('body must be a JSON object') };
  const extra = Object.keys(body).find((key) => !fields.includes(key));
  return extra === undefined ? { ok: true, value: body } : { ok: false, reply: invalidRequest(`unexpected field ${extra}`) };
}

export function addPerpsAdminRoutes(router: Router, state: PerpsState, weights: WeightMeter): Router {
  return router
    .on('POST', `${PERPS_ADMIN_PREFIX}/faucet`, (ctx) => {
      const parsed = jsonBody(ctx, ['address', 'asset', 'amount']);
      if (!parsed.ok) return parsed.reply;
      const body = parsed.value;
      const address = addressOf(body.address);
      if (!address) return invalidRequest('address must be an address');
      const asset = typeof body.asset === 'string' ? state.book.asset(body.asset.toUpperCase()) : undefined;
      if (!asset) return perpsError(PERPS_ERRORS.unknownAsset, `asset must be one of ${state.book.assets.map((a) => a.asset).join(', ')}`);
      const units = parseAssetAmount(typeof body.amount === 'number' ? String(body.amount) : body.amount, asset.decimals);
      if (typeof units === 'string') return invalidRequest(`amount ${units}`);
      if (units > parseUnits(String(MAX_FAUCET_UNITS), asset.decimals)) return invalidRequest(`amount must be at most ${MAX_FAUCET_UNITS}`);
      const nowMs = state.now();
      const { book } = openAccount(state, address, nowMs);
      state.book.applyBalance(book, asset.asset, units, nowMs);
      state.deposits.record({ address, asset: asset.asset, amount: units, createdMs: nowMs, afterTransfer: state.transfers.nextId() - 1 });
      return ok(accountSnapshot(state, book, nowMs));
    })
    .on('POST', `${PERPS_ADMIN_PREFIX}/position`, (ctx) => {
      const parsed = jsonBody(ctx, ['address', 'instrument_id', 'size']);
      if (!parsed.ok) return parsed.reply;
      const body = parsed.value;
      const address = addressOf(body.address);
      if (!address) return invalidRequest('address must be an address');
      if (!Number.isSafeInteger(body.instrument_id)) return invalidRequest('instrument_id must be an integer');
      const instrument = instrumentSpec(body.instrument_id as number);
      if (!instrument) return perpsError(PERPS_ERRORS.unknownInstrument);
      const size = parseSignedSize(body.size);
      if (size === null || Math.abs(size) > MAX_POSITION_SIZE) return invalidRequest(`size must be a signed decimal string of at most ${MAX_POSITION_SIZE} in size`);
      const nowMs = state.now();
      const { book } = openAccount(state, address, nowMs);
      state.book.setPosition(book, instrument.id, size, nowMs);
      return ok(accountSnapshot(state, book, nowMs));
    })
    .on('GET', `${PERPS_ADMIN_PREFIX}/account`, (ctx) => {
      const address = addressOf(ctx.query.get('address'));
      if (!address) return invalidRequest('address must be an address');
      const nowMs = state.now();
      const account = state.book.get(address);
      if (!account) return perpsError(PERPS_ERRORS.unknownAccount);
      state.book.settle(account, nowMs);
      return ok(accountSnapshot(state, account, nowMs));
    })
    .on('GET', `${PERPS_ADMIN_PREFIX}/weights`, () => ok(weights.stats()));
}
