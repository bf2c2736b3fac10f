/**
 * The equity series is kept in the history store: a read asks the exchange only for the points
 * newer than the stored ones and joins them without a gap, a longer read walks further back until
 * the account's first point, a read that cannot join its new points to the stored ones drops the
 * old ones instead of keeping a hole, and while the exchange fails the stored points are answered
 * with the reason. Real core, real sandbox; the perps clock is stepped.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_FILE_NAME } from '../../../src/main/core/history/historyDatabase';
import { PerpsEquityTable } from '../../../src/main/core/history/perpsEquityTable';
import type { PerpsEquitySeries } from '../../../src/shared/perpsViews';
import { fundAndSettle, startPerpsCore, type PerpsCoreHarness } from './perpsCoreHarness';
import { addFaultRule, clearFaultRules } from '../chaos/faultRules';

const MINUTE = 60_000;
let h: PerpsCoreHarness;
let trader: { id: string; address: string };

const read = (points: number) => h.call<PerpsEquitySeries>('getPerpsEquity', { accountId: trader.id, interval: '1m', points });
/** What the store holds, read from its file (the core commits each read's points at once). */
function stored() {
  const db = new DatabaseSync(join(h.dataDir, HISTORY_FILE_NAME), { readOnly: true });
  try {
    return new PerpsEquityTable(db).span(trader.address.toLowerCase(), '1m');
  } finally {
    db.close();
  }
}

/** Consecutive points are exactly one kline apart: nothing missing, nothing repeated. */
function expectContiguous(series: PerpsEquitySeries): void {
  for (let i = 1; i < series.points.length; i++) expect(series.points[i]!.time - series.points[i - 1]!.time).toBe(MINUTE);
}

beforeAll(async () => {
  h = await startPerpsCore();
  trader = await h.addAccountWithProxy('Saver');
  await fundAndSettle(h, trader.id, '2500');
  h.step(30 * MINUTE);
});
afterAll(async () => {
  await h?.stop();
});

describe('perps equity in the history store', () => {
  it('stores what it reads and asks only for newer points next time, joining them without a gap', async () => {
    const first = await read(5);
    expect(first.points).toHaveLength(5);
    expect(first.more).toBe(true);
    expect(first.storedOnly).toBeNull();
    expect(first.points.at(-1)!.equity).toBe('2500');
    // One more than asked is kept, so the next read's points join up with these.
    expect(stored().count).toBe(6);

    h.step(3 * MINUTE);
    const second = await read(5);
    expect(second.points).toHaveLength(5);
    expect(second.points.at(-1)!.time - first.points.at(-1)!.time).toBe(3 * MINUTE);
    expect(stored()).toMatchObject({ count: 9, newest: second.points.at(-1)!.time });
    expectContiguous(second);
  });

  it('walks back to the account\'s first point when more are asked than stored', async () => {
    const all = await read(200);
    // About 34 one-minute klines since the account opened, all of them now.
    expect(all.points.length).toBeGreaterThan(30);
    expect(all.points.length).toBeLessThan(200);
    expect(all.more).toBe(false);
    expectContiguous(all);
    expect(stored()).toMatchObject({ count: all.points.length, fromStart: true });
  });

  it('drops the stored points when the new ones cannot be joined to them', async () => {
    h.step(120 * MINUTE);
    const after = await read(5);
    expect(after.points).toHaveLength(5);
    expectContiguous(after);
    // 120 new klines, 6 read: the older stored points would leave a hole, so they are gone.
    expect(stored()).toMatchObject({ count: 6, fromStart: false, oldest: after.points[0]!.time - MINUTE });
  });

  it('answers the stored points, with the reason, while the exchange fails', async () => {
    const before = await read(5);
    await addFaultRule(h.sandbox, { service: 'perps', pathPattern: '/v1/account/equity', kind: 'internal', probability: 1 });
    try {
      const during = await read(5);
      expect(during.points).toEqual(before.points);
      expect(during.storedOnly).toEqual(expect.any(String));
      expect(during.syncedAt).toBe(before.syncedAt);
    } finally {
      await clearFaultRules(h.sandbox);
    }
  });
});
