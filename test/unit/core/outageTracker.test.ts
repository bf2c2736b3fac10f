/** The outage tracker's pacing: backoff with jitter to a ceiling; unreachable cleared by any answer, degraded by a normal one. */
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/main/core/status/backoff';
import { OutageTracker } from '../../../src/main/core/status/outageTracker';

const policy = { baseMs: 2_000, capMs: 60_000 };
const clock = (random: number) => ({ now: () => 0, random: () => random, sleep: async () => undefined });

describe('backoffDelay', () => {
  it('doubles from the base to the ceiling and draws from the upper half', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, policy, () => 1))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoffDelay(0, policy, () => 0)).toBe(1_000);
    expect(backoffDelay(10, policy, () => 0)).toBe(30_000);
  });
});

describe('OutageTracker', () => {
  it('paces polls of an unreachable service and ends the outage on the first answer', () => {
    let changes = 0;
    let wall = 1_000_000;
    const tracker = new OutageTracker(clock(1), () => changes++, policy, () => wall);
    expect(tracker.pollDelay('clob', 1_000)).toBe(1_000);
    // One failure between answers (an answered 503 counts as one) is not an outage.
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    tracker.record({ service: 'clob', ok: true });
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    expect(tracker.list()).toEqual([]);
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    expect(tracker.pollDelay('clob', 1_000)).toBe(4_000);
    expect(tracker.pollDelay('catalog', 1_000)).toBe(1_000);
    expect(tracker.list()).toEqual([{ service: 'clob', kind: 'unreachable', since: 1_000_000, nextRetryAt: 1_004_000, attempts: 2, problem: 'The order-book service is not answering.' }]);
    wall += 5_000;
    // An answer that is not a transport failure (a 4xx) proves the service is reachable.
    tracker.record({ service: 'clob', ok: false, transportFailure: false });
    expect(tracker.list()).toEqual([]);
    expect(tracker.pollDelay('clob', 1_000)).toBe(1_000);
    expect(changes).toBeGreaterThanOrEqual(3);
  });

  it('tells listeners when an outage of a service begins and ends, once each', () => {
    const tracker = new OutageTracker(clock(1), () => undefined, policy, () => 0);
    const heard: string[] = [];
    const stop = tracker.onServiceChange((service, out) => heard.push(`${service} ${out ? 'out' : 'back'}`));
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    tracker.record({ service: 'clob', ok: true });
    tracker.record({ service: 'clob', ok: true });
    expect(heard).toEqual(['clob out', 'clob back']);
    stop();
    tracker.record({ service: 'perps', ok: false, transportFailure: true });
    tracker.record({ service: 'perps', ok: false, transportFailure: true });
    expect(heard).toHaveLength(2);
  });

  it('makes a service that answers with errors degraded from the third such answer, backs it off and ends it on a normal answer', () => {
    let wall = 2_000_000;
    const tracker = new OutageTracker(clock(1), () => undefined, policy, () => wall);
    const heard: string[] = [];
    tracker.onServiceChange((service, out) => heard.push(`${service} ${out ? 'out' : 'back'}`));
    const troubled = { service: 'analytics' as const, ok: false, trouble: 'errors (HTTP 503)' };
    tracker.record(troubled);
    tracker.record(troubled);
    // A normal answer between troubled ones starts the count again.
    tracker.record({ service: 'analytics', ok: true });
    tracker.record(troubled);
    tracker.record(troubled);
    expect(tracker.list()).toEqual([]);
    tracker.record(troubled);
    expect(tracker.pollDelay('analytics', 1_000)).toBe(8_000);
    expect(tracker.list()).toEqual([
      { service: 'analytics', kind: 'degraded', since: 2_000_000, nextRetryAt: 2_008_000, attempts: 3, problem: 'The analytics service is answering with errors (HTTP 503).' },
    ]);
    // The latest trouble names the problem; a 425 (neutral) changes nothing.
    tracker.record({ service: 'analytics', ok: false, trouble: 'cut-off answers' });
    tracker.record({ service: 'analytics', ok: false });
    expect(tracker.list()[0]).toMatchObject({ kind: 'degraded', attempts: 4, problem: 'The analytics service is answering with cut-off answers.' });
    // Degraded is not unreachable: trading's reconcile-after-outage listeners hear nothing.
    expect(tracker.isOut('analytics')).toBe(false);
    wall += 9_000;
    tracker.record({ service: 'analytics', ok: true });
    expect(tracker.list()).toEqual([]);
    expect(tracker.pollDelay('analytics', 1_000)).toBe(1_000);
    expect(heard).toEqual([]);
  });

  it('turns a degraded service that stops answering into an unreachable one, keeping when the trouble began', () => {
    let wall = 0;
    const tracker = new OutageTracker(clock(1), () => undefined, policy, () => wall);
    for (let i = 0; i < 3; i++) tracker.record({ service: 'clob', ok: false, trouble: 'too many requests (429)' });
    wall = 5_000;
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    tracker.record({ service: 'clob', ok: false, transportFailure: true });
    expect(tracker.list()[0]).toMatchObject({ kind: 'unreachable', since: 0, problem: 'The order-book service is not answering.' });
    expect(tracker.isOut('clob')).toBe(true);
  });
});
