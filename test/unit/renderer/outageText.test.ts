/** The status bar's outage words: the service, how long it is down, the next retry. */
import { describe, expect, it } from 'vitest';
import { outageDetail, outageWait, outageWord, retryText, serviceWord } from '../../../src/renderer/components/outageText';

const outage = { service: 'clob', kind: 'unreachable' as const, since: 100_000, nextRetryAt: 130_000, attempts: 4, problem: 'The order-book service is not answering.' };

describe('outage text', () => {
  it('names the service and counts down to the next retry', () => {
    expect(serviceWord('clob')).toBe('Order book');
    expect(serviceWord('weather')).toBe('weather');
    expect(retryText(outage, 118_200)).toBe('retry in 12 s');
    expect(retryText(outage, 130_000)).toBe('retrying…');
    expect(retryText({ ...outage, nextRetryAt: null }, 118_000)).toBe('');
    expect(outageDetail(outage, 118_000)).toBe(
      'The order-book service is not answering. Unreachable for 18 s, 4 failed attempts; retry in 12 s. Polling backs off while it is down.',
    );
  });

  it('says a degraded service answers with errors, and backs off the same way', () => {
    const degraded = { ...outage, kind: 'degraded' as const, problem: 'The order-book service is answering with errors (HTTP 503).' };
    expect(outageWord(degraded)).toBe('degraded');
    expect(outageWord(outage)).toBe('unreachable');
    expect(outageDetail(degraded, 118_000)).toBe(
      'The order-book service is answering with errors (HTTP 503). Degraded for 18 s, 4 failed attempts; retry in 12 s. Requests back off until it answers normally.',
    );
    expect(outageWait([degraded], 'clob', 3_000, 118_000)).toBe(12_000);
  });
});

describe('outageWait', () => {
  it('stretches a view poll of an unreachable service to the core\'s next retry', () => {
    expect(outageWait([outage], 'clob', 3_000, 118_000)).toBe(12_000);
    expect(outageWait([outage], 'clob', 3_000, 129_000)).toBe(3_000);
    expect(outageWait([outage], 'perps', 3_000, 118_000)).toBe(3_000);
    expect(outageWait([], 'clob', 3_000, 118_000)).toBe(3_000);
  });
});
