/**
 * Paper accounts of the perps exchange: balances per collateral asset (integer base units),
 * positions, funding records and an append-only event log that equity history replays.
 *
 * Funding is charged at every whole funding interval boundary b (multiples of the interval since
 * the Unix epoch) to the positions open at b: payment = −size · mark(b) · rate(b), in USDC (longs
 * pay a positive rate). It is settled lazily: `settle(account, now)` charges every boundary in
 * (last settled, now] and runs before any read or change of the account, so positions are the
 * same across all the boundaries one settle covers.
 *
 * Valuation at time t (formulas in docs/decisions/):
 *   equity          = Σ balance·price(t) + Σ size·(mark(t) − entry)
 *   free collateral = Σ balance·price(t)·collateral_ratio + unrealised P&L − Σ 10%·|size|·mark(t)
 */
import type { Hex } from 'viem';
import type { PerpsFundingRecord } from '../../shared/protocol/perps';
import { baseUnitsToNumber, decimalString, usdString } from './decimalText';
import { assetPrice, SETTLEMENT_ASSET, type CollateralSpec } from './world/collateral';
import { fundingRate, instrumentSpec, markPrice } from './world/instruments';

export const INITIAL_MARGIN_RATE = 0.1;

export interface PaperPosition {
  instrumentId: number;
  size: number;
  entryPrice: number;
}

export type AccountEvent =
  | { ts: number; kind: 'balance'; asset: string; delta: string }
  | { ts: number; kind: 'position'; instrumentId: number; size: number; entryPrice: number };

export interface BookAccount {
  address: Hex;
  openedAtMs: number;
  /** Asset name → integer base units (may go below 0 through funding). */
  balances: Map<string, bigint>;
  positions: Map<number, PaperPosition>;
  /** Every funding boundary ≤ this has been charged. */
  fundedThroughMs: number;
  events: AccountEvent[];
  funding: PerpsFundingRecord[];
}

export interface Valuation {
  equity: number;
  freeCollateral: number;
  unrealisedPnl: number;
  initialMargin: number;
}

export class AccountBook {
  private readonly accounts = new Map<string, BookAccount>();
  private readonly assetByName: Map<string, CollateralSpec>;
  onChange: () => void = () => {};

  constructor(
    readonly seed: number,
    readonly assets: readonly CollateralSpec[],
    readonly fundingIntervalMs: number,
  ) {
    this.assetByName = new Map(assets.map((a) => [a.asset, a]));
  }

  asset(name: string): CollateralSpec | undefined {
    return this.assetByName.get(name);
  }

  assetByAddress(address: string): CollateralSpec | undefined {
    return this.assets.find((a) => a.address.toLowerCase() === address.toLowerCase());
  }

  get(address: string): BookAccount | undefined {
    return this.accounts.get(address.toLowerCase());
  }

  /** The account, opened (empty) when it does not exist yet. */
  open(address: Hex, nowMs: number): BookAccount {
    const existing = this.get(address);
    if (existing) return existing;
    const account: BookAccount = {
      address, openedAtMs: nowMs, balances: new Map(), positions: new Map(), fundedThroughMs: nowMs, events: [], funding: [],
    };
    this.accounts.set(address.toLowerCase(), account);
    this.onChange();
    return account;
  }

  /** Charges every funding boundary in (fundedThrough, now] to the open positions. */
  settle(account: BookAccount, nowMs: number): void {
    const interval = this.fundingIntervalMs;
    const lastBoundary = Math.floor(nowMs / interval) * interval;
    if (lastBoundary <= account.fundedThroughMs) return;
    const first = (Math.floor(account.fundedThroughMs / interval) + 1) * interval;
    if (account.positions.size > 0) {
      for (let boundary = first; boundary <= lastBoundary; boundary += interval) {
        for (const position of account.positions.values()) this.chargeFunding(account, position, boundary);
      }
    }
    account.fundedThroughMs = lastBoundary;
    this.onChange();
  }

  private chargeFunding(account: BookAccount, position: PaperPosition, boundary: number): void {
    const instrument = instrumentSpec(position.instrumentId);
    if (!instrument || position.size === 0) return;
    const rate = fundingRate(this.seed, instrument.id, this.fundingIntervalMs, boundary);
    const payment = -position.size * markPrice(this.seed, instrument, boundary) * rate;
    const units = BigInt(Math.round(payment * 1e6));
    this.applyBalance(account, SETTLEMENT_ASSET, units, boundary);
    account.funding.push({
      instrument_id: instrument.id,
      size: decimalString(position.size, 12),
      funding_rate: decimalString(rate, 8),
      funding_asset: SETTLEMENT_ASSET,
      funding: usdString(Number(units) / 1e6),
      timestamp: boundary,
    });
  }

  /** Adds `delta` base units of `asset` (negative debits) and logs it. */
  applyBalance(account: BookAccount, asset: string, delta: bigint, tsMs: number): void {
    account.balances.set(asset, (account.balances.get(asset) ?? 0n) + delta);
    account.events.push({ ts: tsMs, kind: 'balance', asset, delta: delta.toString() });
    this.onChange();
  }

  /** Sets the position at the current mark; the old one's P&L is realised into USDC. The caller settled first. */
  setPosition(account: BookAccount, instrumentId: number, size: number, nowMs: number): void {
    const instrument = instrumentSpec(instrumentId);
    if (!instrument) throw new RangeError(`unknown instrument ${instrumentId}`);
    const mark = markPrice(this.seed, instrument, nowMs);
    const old = account.positions.get(instrumentId);
    if (old) {
      const realised = BigInt(Math.round(old.size * (mark - old.entryPrice) * 1e6));
      if (realised !== 0n) this.applyBalance(account, SETTLEMENT_ASSET, realised, nowMs);
    }
    if (size === 0) account.positions.delete(instrumentId);
    else account.positions.set(instrumentId, { instrumentId, size, entryPrice: mark });
    account.events.push({ ts: nowMs, kind: 'position', instrumentId, size, entryPrice: mark });
    this.onChange();
  }

  valuation(account: Pick<BookAccount, 'balances' | 'positions'>, atMs: number): Valuation {
    let equity = 0;
    let weighted = 0;
    for (const [name, units] of account.balances) {
      const asset = this.assetByName.get(name);
      if (!asset) continue;
      const value = baseUnitsToNumber(units, asset.decimals) * assetPrice(this.seed, asset, atMs);
      equity += value;
      weighted += value * asset.ratio;
    }
    let unrealisedPnl = 0;
    let initialMargin = 0;
    for (const position of account.positions.values()) {
      const instrument = instrumentSpec(position.instrumentId);
      if (!instrument) continue;
      const mark = markPrice(this.seed, instrument, atMs);
      unrealisedPnl += position.size * (mark - position.entryPrice);
      initialMargin += INITIAL_MARGIN_RATE * Math.abs(position.size) * mark;
    }
    return { equity: equity + unrealisedPnl, freeCollateral: weighted + unrealisedPnl - initialMargin, unrealisedPnl, initialMargin };
  }

  /** Every account, for the state file. */
  all(): BookAccount[] {
    return [...this.accounts.values()];
  }

  restore(accounts: readonly BookAccount[]): void {
    this.accounts.clear();
    for (const account of accounts) this.accounts.set(account.address.toLowerCase(), account);
  }
}
