/**
 * A synthetic wallet's combo (combinatorial position) history: combo k is rows 4k..4k+3 —
 * open, add, reduce, then close (or redeem when every leg resolved; one in five of the others
 * stays open with a second add). Like the activity history,
 * row j is a pure function of (seed, wallet, j) with (block_number, log_index) increasing in j.
 */
import type { ComboActivityRow, ComboLeg } from '../../../shared/protocol/analytics';
import { OUTCOME_NAMES, type MarketIndex } from '../marketIndex';
import { THREE_YEARS_S } from '../window';
import { blockAt } from './history';
import { hashString, hexFrom, mix } from './mix';
import type { HistoryWalletSpec } from './wallets';

const STEPS = ['COMBO_OPEN', 'COMBO_ADD', 'COMBO_REDUCE'] as const;

export class ComboHistory {
  readonly count: number;
  private readonly key: number;
  private readonly startS: number;
  private readonly spanS: number;

  constructor(readonly wallet: HistoryWalletSpec, seed: number, endS: number, private readonly markets: MarketIndex) {
    this.count = wallet.comboRows;
    this.key = mix(mix(seed >>> 0, hashString(wallet.address)), 0xc0b0);
    this.spanS = THREE_YEARS_S - 7_200;
    this.startS = endS - this.spanS;
  }

  ts(j: number): number {
    return this.startS + Math.floor(((j - (j & 1)) * this.spanS) / this.count);
  }

  /** (block_number, log_index): the two rows sharing a block differ in log index. */
  anchor(j: number): { block: number; log: number } {
    return { block: blockAt(this.ts(j)), log: 4 + (j & 1) * 3 };
  }

  comboId(k: number): string {
    return `0x${hexFrom(this.key, k, 32)}`;
  }

  private legs(k: number): ComboLeg[] {
    const h = mix(this.key, k);
    const count = 2 + (h % 3);
    // Combos that end in a redemption are built from resolved markets only.
    const redeems = (h >>> 4) % 3 === 0 && this.markets.resolved.length >= count;
    const pool = redeems ? this.markets.resolved : this.markets.markets;
    const legs: ComboLeg[] = [];
    for (let i = 0, guard = 0; legs.length < count && guard < 50; guard += 1, i += 1) {
      const entry = pool[mix(h, i) % pool.length]!;
      if (legs.some((l) => l.condition_id === entry.market.conditionId)) continue;
      const outcome = redeems ? (entry.market.resolvedOutcome ?? 0) : mix(h, 100 + i) & 1;
      legs.push({ condition_id: entry.market.conditionId, title: entry.market.question, outcome: OUTCOME_NAMES[outcome]!, outcome_index: outcome });
    }
    return legs;
  }

  private redeems(k: number): boolean {
    const h = mix(this.key, k);
    return (h >>> 4) % 3 === 0 && this.markets.resolved.length >= 2 + (h % 3);
  }

  /** One combo in five that does not redeem is still open (its fourth step adds instead of closing). */
  staysOpen(k: number): boolean {
    return !this.redeems(k) && (mix(this.key, k) >>> 8) % 5 === 0;
  }

  /** Number of combos (the last may have fewer than four rows). */
  get combos(): number {
    return Math.ceil(this.count / 4);
  }

  row(j: number): ComboActivityRow {
    const k = j >>> 2;
    const step = j & 3;
    const legs = this.legs(k);
    const h = mix(mix(this.key, j), 0xbee);
    const size = Math.round((5 + (h % 200_000) / 100) * 100) / 100;
    const price = (1 + (mix(h, 3) % 60)) / 100;
    const type = step < 3 ? STEPS[step]! : this.redeems(k) ? 'COMBO_REDEEM' : this.staysOpen(k) ? 'COMBO_ADD' : 'COMBO_CLOSE';
    const { block, log } = this.anchor(j);
    const unavailable = h % 47 === 0;
    return {
      proxy_wallet: this.wallet.address, combo_condition_id: this.comboId(k), type, block_number: block, log_index: log,
      block_timestamp: this.ts(j), transaction_hash: `0x${hexFrom(this.key, 0x10000 + j, 32)}`,
      title: legs.map((l) => l.title).join(' / '), legs, size: unavailable ? null : size,
      size_usdc: unavailable ? null : type === 'COMBO_REDEEM' ? size : Math.round(size * price * 100) / 100,
    };
  }
}
