/**
 * The analytics service's plumbing in isolation: query aliases and their conflicts, signed
 * cursors, the error replies (Retry-After on 429 and retryable 503), and the capacity slots.
 */
import { describe, expect, it } from 'vitest';
import { CapacitySlots } from '../../../src/sandbox/analytics/capacitySlots';
import { CursorCodec } from '../../../src/sandbox/analytics/cursor';
import { AnalyticsError } from '../../../src/sandbox/analytics/errors';
import { ANALYTICS_ERROR_CODES, type AnalyticsErrorCode } from '../../../src/shared/protocol/analytics';
import { QueryParams } from '../../../src/sandbox/analytics/params';
import { traceError, withTraceHeader } from '../../../src/sandbox/services/traceErrors';

const params = (query: string) => new QueryParams(new URLSearchParams(query));
const failure = (run: () => unknown): AnalyticsError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AnalyticsError) return error;
    throw error;
  }
  throw new Error('expected an AnalyticsError');
};

describe('query parameters', () => {
  it('read snake_case and camelCase alike, and refuse two spellings that disagree', () => {
    expect(params('sortDirection=ASC').string('sort_direction')).toBe('ASC');
    expect(params('sort_direction=ASC&sortDirection=ASC').string('sort_direction')).toBe('ASC');
    expect(failure(() => params('sort_direction=ASC&sortDirection=DESC').string('sort_direction')).parameter).toBe('sort_direction');
  });

  it('refuse offset as soon as the query is read', () => {
    expect(failure(() => params('offset=3')).parameter).toBe('offset');
  });

  it('check integers, limits and booleans with messages naming the value', () => {
    expect(failure(() => params('limit=1e3').limit(100)).message).toContain('1e3');
    expect(params('limit=1000').limit(100)).toBe(1000);
    expect(failure(() => params('limit=1001').limit(100)).status).toBe(400);
    expect(failure(() => params('flag=yes').boolean('flag', true)).message).toContain('yes');
  });
});

describe('signed cursors', () => {
  it('round-trip their payload and refuse any change or another route', () => {
    const codec = new CursorCodec();
    const cursor = codec.encode('activity', { t: 5, s: 6 });
    expect(codec.decode('activity', cursor)).toMatchObject({ t: 5, s: 6 });
    expect(failure(() => codec.decode('trades', cursor)).parameter).toBe('cursor');
    expect(failure(() => codec.decode('activity', `${cursor}x`)).parameter).toBe('cursor');
    expect(failure(() => new CursorCodec().decode('activity', cursor)).parameter).toBe('cursor');
    const shared = new CursorCodec(Buffer.alloc(32, 7));
    expect(new CursorCodec(Buffer.alloc(32, 7)).decode('activity', shared.encode('activity', { t: 1 }))).toMatchObject({ t: 1 });
  });
});

describe('error replies', () => {
  it('carry Retry-After on 429 and on a retryable 503 only, and the trace id as a header', () => {
    expect(traceError('rate_limited', 'slow down', { retryAfterS: 3 }).headers?.['retry-after']).toBe('3');
    expect(traceError('request_timeout', 'deadline').headers?.['retry-after']).toBe('1');
    expect(traceError('dependency_unavailable', 'gone', { retryable: false }).headers?.['retry-after']).toBeUndefined();
    expect(traceError('invalid_request', 'bad').headers).toBeUndefined();
    const decorated = withTraceHeader(traceError('invalid_request', 'bad', { parameter: 'user' }));
    expect(decorated.headers?.['x-trace-id']).toBe((decorated.body as { trace_id: string }).trace_id);
    expect(decorated.body).toMatchObject({ parameter: 'user', retryable: false });
  });

  it('take their status from the code, as the spec\'s error table maps them', () => {
    const table: Record<AnalyticsErrorCode, number> = {
      invalid_request: 400, unauthorized: 401, not_found: 404, method_not_allowed: 405,
      rate_limited: 429, internal: 500, request_timeout: 503, dependency_unavailable: 503,
    };
    for (const code of ANALYTICS_ERROR_CODES) {
      expect(traceError(code, 'x').status, code).toBe(table[code]);
      expect(new AnalyticsError(code, 'x').status, code).toBe(table[code]);
    }
  });
});

describe('capacity slots', () => {
  it('serve waiters in arrival order and refuse one whose wait ends unserved', async () => {
    const slots = new CapacitySlots(1, 30, 60);
    const order: number[] = [];
    const results = await Promise.allSettled([1, 2].map((n) => slots.run(() => order.push(n))));
    expect(order).toEqual([1]);
    expect(results[1]!.status).toBe('rejected');
    const reason = (results[1] as PromiseRejectedResult).reason as AnalyticsError;
    expect(reason.status).toBe(429);
    expect(reason.retryAfterS).toBeGreaterThanOrEqual(1);
    const patient = new CapacitySlots(1, 1_000, 5);
    const served: number[] = [];
    await Promise.all([1, 2, 3].map((n) => patient.run(() => served.push(n))));
    expect(served).toEqual([1, 2, 3]);
    expect(patient.inUse).toBe(0);
  });
});
