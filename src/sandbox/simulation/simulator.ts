/**
 * The market simulation: per live market, a fair value on a bounded random walk, a market
 * maker that keeps the book two-sided around it, and a taker that trades against the book so
 * prices and the last trade move. Deterministic for a seed and a number of steps: one seeded
 * stream, markets visited in world order, no wall clock in any decision.
 */
import { Prng } from '../random/prng';
import type { Exchange, MarketEntry } from '../clob/exchange';
import type { MarketBook } from '../clob/marketBook';
import { tickPips } from '../clob/units';
import { clampFair, fairBounds } from '../world/pricing';
import { quoteLadder, type QuoteParams } from './marketMaker';

interface AgentState {
  book: MarketBook;
  quote: QuoteParams;
  /** Fair value at the last re-quote; the maker re-quotes once fair moves a half spread. */
  quotedFair: number;
  /** Fair-value step of the random walk, a whole number of ticks. */
  walkUnit: number;
  walkChance: number;
  /** The market's opening fair value, which the walk is pulled back towards. */
  anchor: number;
  lo: number;
  hi: number;
}

export interface SimulationStats {
  steps: number;
  markets: number;
  lastStepMs: number;
  meanStepMs: number;
  maxStepMs: number;
  /** Set when a step threw and the simulation stopped itself. */
  failure?: string;
}

const wholeTicks = (targetPips: number, tick: number) => tick * Math.max(1, Math.round(targetPips / tick));

export class Simulator {
  private readonly rng: Prng;
  private readonly agents: AgentState[];
  private timer: NodeJS.Timeout | null = null;
  private readonly stats: SimulationStats = { steps: 0, markets: 0, lastStepMs: 0, meanStepMs: 0, maxStepMs: 0 };

  /** Quotes every live book once, so books are two-sided even with the simulation off. */
  constructor(exchange: Exchange, seed: number) {
    this.rng = new Prng(seed, 'simulation');
    this.agents = exchange.liveMarkets().map((entry) => this.openAgent(entry));
    this.stats.markets = this.agents.length;
  }

  private openAgent(entry: MarketEntry & { book: MarketBook }): AgentState {
    const rng = this.rng;
    const tick = tickPips(entry.market.tickSize);
    const { lo, hi } = fairBounds(tick);
    const fair = clampFair(entry.market.initialFairPips, tick);
    const quote: QuoteParams = {
      tick,
      fair,
      halfSpread: wholeTicks(rng.int(50, 150), tick),
      step: wholeTicks(rng.pick([50, 100]), tick),
      levels: rng.int(5, 15),
      minSize: entry.market.minOrderSize * 100,
      depth: rng.int(40, 400) * 100,
    };
    const agent: AgentState = {
      book: entry.book, quote, quotedFair: fair, anchor: fair, lo, hi,
      walkUnit: wholeTicks(50, tick),
      // A few cents an hour, as markets drift between news (at 4 steps/s); coarse ticks move a
      // lot per step, so they move less often.
      walkChance: 0.03 * Math.min(1, 100 / tick),
    };
    const { bids, asks } = quoteLadder(rng, quote);
    entry.book.replace(bids, asks);
    entry.book.setLastTrade({ price: fair, size: quote.minSize, side: 'BUY' });
    return agent;
  }

  /** One simulation tick over every live market. */
  step(): void {
    const started = performance.now();
    for (const agent of this.agents) this.stepAgent(agent);
    const elapsed = performance.now() - started;
    const s = this.stats;
    s.steps += 1;
    s.lastStepMs = elapsed;
    s.maxStepMs = Math.max(s.maxStepMs, elapsed);
    s.meanStepMs += (elapsed - s.meanStepMs) / s.steps;
  }

  private stepAgent(agent: AgentState): void {
    const { rng } = this;
    const { book, quote } = agent;
    if (rng.chance(agent.walkChance)) {
      // Mean-reverting: the further from the opening value (0.2 = 2000 pips), the likelier a step back.
      const pull = Math.max(-0.4, Math.min(0.4, (agent.anchor - quote.fair) / 2000));
      let next = quote.fair + (rng.chance(0.5 + pull) ? 1 : -1) * agent.walkUnit;
      // Reflect off the bounds so the walk stays inside [tick, 1 - tick] without sticking there.
      if (next < agent.lo) next = 2 * agent.lo - next;
      if (next > agent.hi) next = 2 * agent.hi - next;
      quote.fair = Math.min(agent.hi, Math.max(agent.lo, next));
    }
    if (rng.chance(0.12)) {
      const bid = book.bestBid()?.price ?? quote.fair;
      const ask = book.bestAsk()?.price ?? quote.fair;
      // Takers lean towards the fair value: they buy when the book is cheap, sell when rich.
      const buyChance = 2 * quote.fair > bid + ask ? 0.75 : 0.25;
      book.take(rng.chance(buyChance) ? 'BUY' : 'SELL', rng.int(1, 20) * quote.minSize);
    }
    const depth = book.depth();
    const drift = Math.abs(quote.fair - agent.quotedFair);
    if (drift >= quote.halfSpread || depth.bids < 3 || depth.asks < 3 || rng.chance(0.08)) {
      const { bids, asks } = quoteLadder(rng, quote);
      book.replace(bids, asks);
      agent.quotedFair = quote.fair;
    } else if (rng.chance(0.3)) {
      const side = rng.chance(0.5) ? 'bids' : 'asks';
      const count = side === 'bids' ? depth.bids : depth.asks;
      book.resize(side, rng.int(0, count - 1), quote.minSize + rng.int(0, quote.depth));
    }
  }

  /** Runs `step` every `tickMs`; the timer is unref'd so it never keeps a process alive. */
  start(tickMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.step();
      } catch (error) {
        // A simulation bug must not take the servers (or the app hosting them) down with it.
        this.stop();
        this.stats.failure = error instanceof Error ? error.message : String(error);
      }
    }, tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  snapshot(): SimulationStats {
    return { ...this.stats };
  }
}
