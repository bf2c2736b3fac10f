/** The fault rule parser, the path patterns and the injector's bookkeeping (counts, probability, bounds). */
import { describe, expect, it } from 'vitest';
import { FaultInjector, MAX_RULES } from '../../../src/sandbox/faults/faultInjector';
import { parseFaultRule, pathMatches } from '../../../src/sandbox/faults/faultRule';

describe('path patterns', () => {
  it.each([
    ['/v2/activity', '/v2/activity', true],
    ['/v2/activity', '/v2/activity/combos', false],
    ['/events/:id', '/events/42', true],
    ['/events/:id', '/events/', false],
    ['/v1/*', '/v1/info/assets', true],
    ['/v1/*', '/v1', false],
    ['/*', '/anything/at/all', true],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(pathMatches(pattern, path)).toBe(expected);
  });
});

describe('rule parsing names the field at fault', () => {
  it.each([
    [{ kind: 'reset', count: 1 }, /pathPattern/],
    [{ pathPattern: 'v2', kind: 'reset', count: 1 }, /pathPattern/],
    [{ pathPattern: '/v*/x', kind: 'reset', count: 1 }, /\* only as its last segment/],
    [{ pathPattern: '/x', kind: 'explode', count: 1 }, /kind must be one of/],
    [{ pathPattern: '/x', kind: 'reset' }, /exactly one of count/],
    [{ pathPattern: '/x', kind: 'reset', probability: 0 }, /probability/],
    [{ pathPattern: '/x', kind: 'reset', count: 0 }, /count/],
    [{ pathPattern: '/x', kind: 'delay', delayMs: 60_001, count: 1 }, /delayMs/],
    [{ pathPattern: '/x', kind: 'unavailable', variant: 'cancel-only', count: 1 }, /needs a service/],
    [{ pathPattern: '/x', kind: 'reset', variant: 'x', service: 'clob', count: 1 }, /only to kinds unavailable and message/],
    [{ pathPattern: '/x', kind: 'reset', service: 'web', count: 1 }, /service must be one of/],
  ])('%j', (body, message) => {
    const parsed = parseFaultRule(body as Record<string, unknown>, 1);
    expect(typeof parsed).toBe('string');
    expect(parsed).toMatch(message);
  });
});

describe('the injector', () => {
  it('a count rule fires on the next N matching requests only, then leaves', () => {
    const faults = new FaultInjector(1);
    faults.add({ service: 'clob', method: 'post', pathPattern: '/order', kind: 'internal', count: 2 });
    expect(faults.decide('clob', 'GET', '/order')).toBeNull();
    expect(faults.decide('catalog', 'POST', '/order')).toBeNull();
    expect(faults.decide('clob', 'POST', '/order')?.kind).toBe('internal');
    expect(faults.decide('clob', 'POST', '/order')?.kind).toBe('internal');
    expect(faults.decide('clob', 'POST', '/order')).toBeNull();
    expect(faults.snapshot().rules).toEqual([]);
    expect(faults.snapshot().routes.find((r) => r.method === 'POST' && r.service === 'clob')).toMatchObject({ requests: 3, faulted: 2, byKind: { internal: 2 } });
  });

  it('probability rules replay with the same seed', () => {
    const draws = (seed: number) => {
      const faults = new FaultInjector(seed);
      faults.add({ pathPattern: '/*', kind: 'reset', probability: 0.3 });
      return Array.from({ length: 200 }, () => faults.decide('analytics', 'GET', '/v2/activity') !== null);
    };
    expect(draws(5)).toEqual(draws(5));
    expect(draws(5)).not.toEqual(draws(6));
    const hits = draws(5).filter(Boolean).length;
    expect(hits).toBeGreaterThan(30);
    expect(hits).toBeLessThan(90);
  });

  it('holds at most MAX_RULES rules and a bounded number of route counters', () => {
    const faults = new FaultInjector(1);
    for (let i = 0; i < MAX_RULES; i += 1) expect(typeof faults.add({ pathPattern: `/r${i}`, kind: 'reset', count: 1 })).toBe('object');
    expect(faults.add({ pathPattern: '/one-more', kind: 'reset', count: 1 })).toMatch(/at most 100 rules/);
    for (let i = 0; i < 5_000; i += 1) faults.decide('catalog', 'GET', `/events/${i}`);
    const routes = faults.snapshot().routes;
    expect(routes.length).toBeLessThanOrEqual(1_001);
    expect(routes.reduce((sum, r) => sum + r.requests, 0)).toBe(5_000);
  });
});
