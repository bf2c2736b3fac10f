/**
 * Issue 10, finding 3: while the order-book service is unreachable, the book poll backs off with
 * jitter to a ceiling (not 1–3 requests a second), AppStatus.outages says so with the next retry,
 * and once the service answers again the first poll clears the outage. Time is virtual: the test
 * runs two simulated minutes of polling and counts the requests that reached the relay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src/shared/viewModels';
import { startRecoveryHarness, until, type RecoveryHarness } from './recoveryHarness';
import { VirtualClock } from './virtualClock';

const clock = new VirtualClock();
let h: RecoveryHarness;
let tokenId = '';

beforeAll(async () => {
  h = await startRecoveryHarness({ core: { loopClock: clock, bookPollIntervalMs: 1_000 } });
  tokenId = await h.restingToken();
}, 30_000);
afterAll(async () => {
  await h?.stop();
});

/** The loops parked on the clock: the book poll and the account-activity poll. */
const LOOPS = 2;
const settle = () => until(() => clock.parked() >= LOOPS);

describe('polling during an outage of the order-book service', () => {
  it('backs off to a few requests in two minutes, shows the outage and its next retry, and recovers on the first probe', async () => {
    await h.call('watchOrderBooks', { tokenIds: [tokenId] });
    await settle();
    h.relay.inject('', 'dead');
    const before = h.relay.count('POST /books');
    const start = clock.now();
    let wakes = 0;
    while (clock.now() - start < 120_000 && wakes < 500) {
      clock.wakeNext();
      wakes += 1;
      await settle();
    }
    const duringOutage = h.relay.count('POST /books') - before;
    // A 1 s poll would have sent 120; the backoff (2 s doubling to 60 s, jittered) sends a handful.
    expect(duringOutage).toBeGreaterThanOrEqual(3);
    expect(duringOutage).toBeLessThanOrEqual(10);

    const status = await h.call<AppStatus>('getAppStatus');
    const outage = status.outages.find((o) => o.service === 'clob');
    expect(outage).toMatchObject({ service: 'clob', problem: expect.stringMatching(/not answering/) });
    expect(outage!.attempts).toBeGreaterThanOrEqual(duringOutage);
    expect(outage!.nextRetryAt).toBeGreaterThan(outage!.since);

    h.relay.clear();
    const beforeRecovery = h.relay.count('POST /books');
    // Wake the loops until the book poll's next probe has gone out (the activity poll reads nothing).
    for (let i = 0; i < 10 && h.relay.count('POST /books') === beforeRecovery; i++) {
      clock.wakeNext();
      await settle();
    }
    await until(async () => (await h.call<AppStatus>('getAppStatus')).outages.length === 0);
    expect(h.relay.count('POST /books') - beforeRecovery).toBe(1);
    expect(h.eventsOf('appStatusChanged').some((s) => s.outages.some((o) => o.service === 'clob'))).toBe(true);
  }, 30_000);
});
