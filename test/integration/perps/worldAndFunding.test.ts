/**
 * The moving perps world over stepped time (injected clock): hourly funding charged to open
 * positions and recorded, equity points at kline boundaries replayed from the account's events,
 * and public trades that are the same for a seed and move with the mark price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERPS_ROUTES, type PerpsEquityPoint, type PerpsFundingRecord, type PerpsList, type PerpsPublicTrade } from '../../../src/shared/protocol/perps';
import { instrumentSpec, markPrice } from '../../../src/sandbox/perps/world/instruments';
import { HOUR_MS, PerpsHarness, T0 } from './perpsHarness';

const BTC = instrumentSpec(1)!;

let h: PerpsHarness;
beforeAll(async () => {
  h = await PerpsHarness.start({}, T0 + 10 * 60_000);
});
afterAll(async () => {
  await h?.stop();
});

const toBaseUnits = (usd: string) => BigInt(Math.round(Number(usd) * 1e6));

describe('funding', () => {
  it('charges every whole hour to an open position, records it, and settles it into USDC', async () => {
    const start = h.clock;
    const alice = await h.account();
    await h.faucet(alice.owner.address, 'USDC', '10000');
    await h.position(alice.owner.address, BTC.id, '0.5');
    h.clock = T0 + 3 * HOUR_MS + 5 * 60_000;
    const res = await h.get<PerpsList<PerpsFundingRecord>>(PERPS_ROUTES.funding.path, alice);
    expect(res.status).toBe(200);
    expect(res.body.more).toBe(false);
    expect(res.body.data.map((r) => r.timestamp)).toEqual([T0 + 3 * HOUR_MS, T0 + 2 * HOUR_MS, T0 + HOUR_MS]);
    for (const record of res.body.data) {
      expect(Object.keys(record).sort()).toEqual(['funding', 'funding_asset', 'funding_rate', 'instrument_id', 'size', 'timestamp']);
      expect(record).toMatchObject({ instrument_id: BTC.id, size: '0.5', funding_asset: 'USDC' });
      const expected = -0.5 * markPrice(7, BTC, record.timestamp) * Number(record.funding_rate);
      expect(Number(record.funding)).toBeCloseTo(expected, 5);
      expect(Math.abs(Number(record.funding_rate))).toBeLessThanOrEqual(0.0005);
    }
    const paid = res.body.data.reduce((sum, r) => sum + toBaseUnits(r.funding), 0n);
    // The position was opened at the mark, so P&L stays unrealised: the USDC change is the funding exactly.
    expect(await h.balance(alice.owner.address, 'USDC')).toBe(10_000_000_000n + paid);
    // Filters: another instrument has none; a window before the first boundary has none.
    expect((await h.get<PerpsList<unknown>>(`${PERPS_ROUTES.funding.path}?instrument_id=2`, alice)).body.data).toEqual([]);
    expect((await h.get<PerpsList<unknown>>(`${PERPS_ROUTES.funding.path}?end_time=${T0 + HOUR_MS - 1}`, alice)).body.data).toEqual([]);
    // Reading again charges nothing twice.
    expect((await h.get<PerpsList<unknown>>(PERPS_ROUTES.funding.path, alice)).body.data).toHaveLength(3);
    expect(start).toBeLessThan(T0 + HOUR_MS);
  });

  it('stops charging once the position is closed, and caps a page at 100 with more', async () => {
    const bob = await h.account();
    await h.faucet(bob.owner.address, 'USDC', '100000');
    await h.position(bob.owner.address, 2, '-3');
    h.clock += 150 * HOUR_MS;
    await h.position(bob.owner.address, 2, '0');
    h.clock += 10 * HOUR_MS;
    const page = await h.get<PerpsList<PerpsFundingRecord>>(`${PERPS_ROUTES.funding.path}?limit=1000`, bob);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.more).toBe(true);
    expect(page.body.data[0]!.size).toBe('-3');
    const oldest = page.body.data.at(-1)!.timestamp;
    const rest = await h.get<PerpsList<PerpsFundingRecord>>(`${PERPS_ROUTES.funding.path}?end_time=${oldest - 1}`, bob);
    expect(rest.body.more).toBe(false);
    expect(page.body.data.length + rest.body.data.length).toBe(150);
  });
});

describe('equity history', () => {
  it('answers one point per boundary, valued by replaying the account\'s balances and positions', async () => {
    h.clock = Math.ceil(h.clock / HOUR_MS) * HOUR_MS + 15 * 60_000;
    const opened = h.clock;
    const carol = await h.account();
    const dave = await h.account();
    await h.faucet(carol.owner.address, 'USDC', '1000');
    h.clock += HOUR_MS;
    const body = await h.transferBody(carol, dave.owner.address, 'USDC', '250');
    expect((await h.transfer(body)).status).toBe(200);
    h.clock += HOUR_MS;
    await h.position(carol.owner.address, BTC.id, '0.1');
    const entry = markPrice(7, BTC, h.clock);
    h.clock = Math.floor(h.clock / HOUR_MS) * HOUR_MS + 2 * HOUR_MS;
    const res = await h.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=1h`, carol);
    expect(res.status).toBe(200);
    const first = Math.ceil(opened / HOUR_MS) * HOUR_MS;
    expect(res.body.data.map(([ts]) => ts)).toEqual([first + 3 * HOUR_MS, first + 2 * HOUR_MS, first + HOUR_MS, first]);
    const [latest, afterPosition, afterTransfer, beforeTransfer] = res.body.data.map(([, equity]) => Number(equity));
    expect(beforeTransfer).toBe(1000);
    expect(afterTransfer).toBe(750);
    // With the position: 750 + funding up to that boundary + 0.1 · (mark − entry).
    const funding = (await h.get<PerpsList<PerpsFundingRecord>>(PERPS_ROUTES.funding.path, carol)).body.data;
    expect(funding.length).toBeGreaterThan(0);
    for (const [ts, value] of [[first + 2 * HOUR_MS, afterPosition], [first + 3 * HOUR_MS, latest]] as const) {
      const paid = funding.filter((r) => r.timestamp <= ts).reduce((sum, r) => sum + Number(r.funding), 0);
      expect(value).toBeCloseTo(750 + paid + 0.1 * (markPrice(7, BTC, ts) - entry), 5);
    }
    // The newest point, taken on a boundary, is the account's equity now.
    expect(Number((await h.snapshot(carol.owner.address)).equity)).toBeCloseTo(latest!, 5);
    // Walking: end_time = oldest − 1 continues.
    const older = await h.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=1h&limit=2`, carol);
    expect(older.body.more).toBe(true);
    const next = await h.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=1h&limit=2&end_time=${older.body.data[1]![0] - 1}`, carol);
    expect([...older.body.data, ...next.body.data]).toEqual(res.body.data);
    expect(next.body.more).toBe(false);
  });

  it('values an 18-decimal collateral at its moving price', async () => {
    const erin = await h.account();
    await h.faucet(erin.owner.address, 'WETH', '2');
    h.clock += 2 * HOUR_MS;
    const res = await h.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=1h`, erin);
    const eth = instrumentSpec(2)!;
    for (const [ts, equity] of res.body.data) expect(Number(equity)).toBeCloseTo(2 * markPrice(7, eth, ts), 4);
    expect(new Set(res.body.data.map(([, e]) => e)).size).toBe(res.body.data.length);
  });
});

describe('public trades', () => {
  it('are the same for a seed, differ for another, and move with the mark price', async () => {
    const path = `${PERPS_ROUTES.trades.path}?instrument_id=1&end_time=${T0}&limit=100`;
    const other = await PerpsHarness.start({ seed: 8 });
    const same = await PerpsHarness.start({ seed: 7 });
    try {
      const mine = (await h.get<PerpsList<PerpsPublicTrade>>(path)).body;
      expect((await same.get<PerpsList<PerpsPublicTrade>>(path)).body).toEqual(mine);
      const theirs = (await other.get<PerpsList<PerpsPublicTrade>>(path)).body;
      expect(theirs.data[0]!.hash).not.toBe(mine.data[0]!.hash);
      expect(new Set(mine.data.map((t) => t.hash)).size).toBe(100);
    } finally {
      await other.stop();
      await same.stop();
    }
    const dayLater = (await h.get<PerpsList<PerpsPublicTrade>>(`${PERPS_ROUTES.trades.path}?instrument_id=1&end_time=${T0 + 86_400_000}&limit=1`)).body.data[0]!;
    const then = (await h.get<PerpsList<PerpsPublicTrade>>(`${PERPS_ROUTES.trades.path}?instrument_id=1&end_time=${T0}&limit=1`)).body.data[0]!;
    expect(dayLater.price).not.toBe(then.price);
    for (const trade of [dayLater, then]) expect(Number(trade.price) / markPrice(7, BTC, trade.timestamp)).toBeCloseTo(1, 2);
  });
});

describe('the funding interval option', () => {
  it('charges at every whole perps.fundingIntervalMs', async () => {
    const quarter = 15 * 60_000;
    const q = await PerpsHarness.start({ perps: { fundingIntervalMs: quarter } }, T0 + 60_000);
    try {
      const frank = await q.account();
      await q.faucet(frank.owner.address, 'USDC', '1000');
      await q.position(frank.owner.address, 3, '10');
      q.clock = T0 + HOUR_MS;
      const res = await q.get<PerpsList<PerpsFundingRecord>>(PERPS_ROUTES.funding.path, frank);
      expect(res.body.data.map((r) => r.timestamp)).toEqual([T0 + HOUR_MS, T0 + 3 * quarter, T0 + 2 * quarter, T0 + quarter]);
    } finally {
      await q.stop();
    }
  });
});
