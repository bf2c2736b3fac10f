/**
 * `/v2/activity` page bytes written off the event loop: the split into head, synthetic run and
 * tail gives exactly the page JSON for every mix of synthetic rows and real fills, and the page
 * worker's bytes equal the event loop's; a disabled or closed worker writes pages here.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';
import { MarketIndex } from '../../../src/sandbox/analytics/marketIndex';
import { PageCache } from '../../../src/sandbox/analytics/pageCache';
import { PageSlots, type Page } from '../../../src/sandbox/analytics/pageSlots';
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
const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
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
    const digits = (end: number) => Buffer.from(buf.subarray(0, end)).toString('latin1');
    const values = [0, 9, 10, 99, 100, 101, 999, 1_000, 65_536, 99_999, 100_000, 1_234_567, 99_999_999, 100_000_000, 1_700_000_000, 2 ** 31 - 1];
    for (let d = 1; d < 2 ** 31; d *= 7) values.push(d, d - 1, d + 1);
    for (const v of values) expect(digits(putInt(buf, 0, v))).toBe(String(v));
    for (const v of [0, 0.01, 0.1, 0.5, 1, 1.05, 12.3, 4_999.99, 123_456.78, null]) expect(digits(putAmount(buf, 0, v))).toBe(JSON.stringify(v));
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
      const { bytes } = writePage(history, pageJob(feed, positions, PAGINATION));
      expect(text(bytes), name).toBe(expected(feed, positions));
    }
  });

  it('the worker writes the same bytes as the event loop into page slots, handed back as lengths', async () => {
    const thread = await readyThread();
    try {
      expect(thread.status).toBe('ready');
      const feed = feedWithFills(2);
      const n = feed.historyLength;
      const pages = [range(n + 1, 1_000, -1), range(n - 998, 1_000, 1), range(12_345, 1_000, -1)];
      const answers = pages.map((positions) => thread.write(history, pageJob(feed, positions, PAGINATION)));
      for (const [i, answer] of answers.entries()) {
        expect(answer).toBeInstanceOf(Promise);
        const page = await answer;
        expect(page.slot).not.toBeNull();
        expect(text(page.bytes)).toBe(expected(feed, pages[i]!));
      }
      // Three pages in flight at once: three different slots.
      const slots = await Promise.all(answers);
      expect(new Set(slots.map((p) => p.slot!.index)).size).toBe(3);
      // A small page is not worth the round trip: written here, at once.
      expect(thread.write(history, pageJob(feed, range(100, 10, -1), PAGINATION))).not.toBeInstanceOf(Promise);
    } finally {
      thread.close();
    }
  });

  it('a disabled or closed worker writes every page on the event loop', async () => {
    const job = pageJob(feedWithFills(0), range(3_000, 500, -1), PAGINATION);
    const here = text(writePage(history, job).bytes);
    const off = new PageThread(() => pageWorldOf(world, END), false);
    expect(off.status).toBe('off');
    expect(text((off.write(history, job) as Page).bytes)).toBe(here);
    const thread = await readyThread();
    const waiting = thread.write(history, job);
    thread.close();
    expect(thread.status).toBe('off');
    // The page asked for before the close is still answered, written here (not into the slot the
    // stopped worker may still be writing).
    const page = await waiting;
    expect(page.slot).toBeNull();
    expect(text(page.bytes)).toBe(here);
    expect(thread.write(history, job)).not.toBeInstanceOf(Promise);
  });
});

describe('page slots', () => {
  it('a slot is reused only when every holder let go: the response and the page cache', () => {
    const slots = new PageSlots(1_024, 2);
    const cache = new PageCache(1, slots);
    const first = { bytes: new Uint8Array(0), slot: slots.acquire() };
    cache.set('a', first);
    slots.release(first); // sent
    const second = { bytes: new Uint8Array(0), slot: slots.acquire() };
    expect(second.slot!.index).not.toBe(first.slot!.index);
    // Both slots held (the cache holds the first, the second is being sent) and the cap is 2.
    expect(slots.acquire()).toBeNull();
    cache.set('b', second); // evicts 'a'
    expect(slots.acquire()!.index).toBe(first.slot!.index);
    slots.release(second);
    expect(cache.get('b')).toBe(second);
    expect(slots.counts).toEqual({ slots: 2, free: 0 });
  });

  it('a page that does not fit its slot is written into a buffer of its own, with the same bytes', () => {
    const job = pageJob(feedWithFills(0), range(8_000, 300, -1), PAGINATION);
    const slots = new PageSlots(4_096, 4);
    const slot = slots.acquire()!;
    const { bytes, inPlace } = writePage(history, job, slot.view);
    expect(inPlace).toBe(false);
    expect(text(bytes)).toBe(text(writePage(history, job).bytes));
  });
});
