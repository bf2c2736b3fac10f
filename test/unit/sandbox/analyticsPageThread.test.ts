/**
 * `/v2/activity` page bytes written off the event loop: the split into head, synthetic run and
 * tail gives exactly the page JSON for every mix of synthetic rows and real fills, and the page
 * worker's bytes equal the event loop's; a disabled or closed worker writes pages here.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';
import { MarketIndex } from '../../../src/sandbox/analytics/marketIndex';
import { PageThread, WORKER_MIN_ROWS } from '../../../src/sandbox/analytics/pageThread';
import { pageWorldOf } from '../../../src/sandbox/analytics/pageWorld';
import { pageJob, writePage } from '../../../src/sandbox/analytics/pageWriter';
import { packKind, SyntheticHistory } from '../../../src/sandbox/analytics/synthetic/history';
import { putAmount, putInt } from '../../../src/sandbox/analytics/synthetic/rowBytes';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/analytics/synthetic/wallets';
import { WalletFeed } from '../../../src/sandbox/analytics/walletFeed';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';

const world = buildWorld(11);
const markets = new MarketIndex(world);
const END = Math.floor(world.epochMs / 1000) - 3_600;
const spec = SANDBOX_HISTORY_WALLETS.medium;
const history = new SyntheticHistory(spec, world.seed, END, markets);
const PAGINATION = '{"next_cursor":"abc.def","has_more":true}';

/** A feed with `fills` real trades appended after the synthetic history. */
function feedWithFills(fills: number): WalletFeed {
  const feed = new WalletFeed(spec.address, history);
  const entry = markets.markets[0]!;
  for (let i = 0; i < fills; i += 1) {
    const row: Omit<ActivityRow, 'sequence_id'> = {
      proxy_wallet: spec.address, type: 'TRADE', block_timestamp: END + i, block_number: 1 + i, log_index: 0,
      transaction_hash: `0x${'ab'.repeat(32)}`, condition_id: entry.market.conditionId, market_id: entry.market.id,
      event_id: entry.event.id, event_slug: entry.event.slug, title: `${entry.market.question} "quoted" é`, outcome: 'Yes',
      outcome_index: 0, token_id: entry.market.tokenIds[0], side: 'BUY', size: 1.5 + i, price: 0.42, size_usdc: 0.63, counterparty: null,
    };
    feed.append(packKind(0, 0, 0, entry.index), row);
  }
  return feed;
}

/** The page as JSON.stringify of its rows would have it. */
const expected = (feed: WalletFeed, positions: number[]) => `{"data":[${positions.map((p) => JSON.stringify(feed.row(p))).join(',')}],"pagination":${PAGINATION}}`;
const range = (from: number, count: number, step: number) => Array.from({ length: count }, (_, k) => from + k * step);

async function readyThread(): Promise<PageThread> {
  const thread = new PageThread(() => pageWorldOf(world, END));
  // The first big page starts the worker (and is written here meanwhile).
  thread.write(history, pageJob(feedWithFills(0), range(5_000, WORKER_MIN_ROWS, -1), PAGINATION));
  for (let tries = 0; tries < 400 && thread.status === 'starting'; tries += 1) await new Promise((done) => setTimeout(done, 25));
  return thread;
}

describe('activity page bytes', () => {
  it('integers and amounts are written as JSON prints them, at every digit count', () => {
    const buf = new Uint8Array(32);
    const text = (end: number) => Buffer.from(buf.subarray(0, end)).toString('latin1');
    const values = [0, 9, 10, 99, 100, 101, 999, 1_000, 65_536, 99_999, 100_000, 1_234_567, 99_999_999, 100_000_000, 1_700_000_000, 2 ** 31 - 1];
    for (let d = 1; d < 2 ** 31; d *= 7) values.push(d, d - 1, d + 1);
    for (const v of values) expect(text(putInt(buf, 0, v))).toBe(String(v));
    for (const v of [0, 0.01, 0.1, 0.5, 1, 1.05, 12.3, 4_999.99, 123_456.78, null]) expect(text(putAmount(buf, 0, v))).toBe(JSON.stringify(v));
  });


  it('head, synthetic run and tail make the page JSON for every mix of real fills and synthetic rows', () => {
    const feed = feedWithFills(3);
    const n = feed.historyLength;
    const cases = {
      'newest first across the fills': range(n + 2, 40, -1),
      'oldest first into the fills': range(n - 37, 40, 1),
      'only real fills': [n + 2, n + 1, n],
      'only synthetic rows': range(200, 50, -1),
      'one real fill and nothing else': [n],
      empty: [],
    };
    for (const [name, positions] of Object.entries(cases)) {
      const bytes = writePage(history, pageJob(feed, positions, PAGINATION));
      expect(Buffer.from(bytes).toString('utf8'), name).toBe(expected(feed, positions));
    }
  });

  it('the worker writes the same bytes as the event loop, handing back big pages only', async () => {
    const thread = await readyThread();
    try {
      expect(thread.status).toBe('ready');
      const feed = feedWithFills(2);
      const n = feed.historyLength;
      const pages = [range(n + 1, 1_000, -1), range(n - 998, 1_000, 1), range(12_345, 1_000, -1)];
      for (const positions of pages) {
        const job = pageJob(feed, positions, PAGINATION);
        const answer = thread.write(history, job);
        expect(answer).toBeInstanceOf(Promise);
        expect(Buffer.from(await answer).toString('utf8')).toBe(expected(feed, positions));
      }
      // A small page is not worth the round trip: written here, at once.
      expect(thread.write(history, pageJob(feed, range(100, 10, -1), PAGINATION))).toBeInstanceOf(Uint8Array);
    } finally {
      thread.close();
    }
  });

  it('a disabled or closed worker writes every page on the event loop', async () => {
    const job = pageJob(feedWithFills(0), range(3_000, 500, -1), PAGINATION);
    const off = new PageThread(() => pageWorldOf(world, END), false);
    expect(off.status).toBe('off');
    expect(Buffer.from(off.write(history, job) as Uint8Array)).toEqual(writePage(history, job));
    const thread = await readyThread();
    const waiting = thread.write(history, job);
    thread.close();
    expect(thread.status).toBe('off');
    // The page asked for before the close is still answered, written here.
    expect(Buffer.from(await waiting)).toEqual(writePage(history, job));
    expect(thread.write(history, job)).toBeInstanceOf(Uint8Array);
  });
});
