import { describe, expect, it } from 'vitest';
import { compareDecimals, fromBaseUnits, sumDecimals, toBaseUnits } from '../../../src/main/core/perps/perpsAmounts';
import { perpsErrorId, perpsRefusal } from '../../../src/main/core/perps/perpsErrors';
import { walkList } from '../../../src/main/core/perps/perpsListWalk';
import { activeProxyOf } from '../../../src/main/core/perps/perpsProxyChoice';
import { perpsProxyState, PERPS_PROXY_WARNING_MS } from '../../../src/shared/perpsViews';
import { CoreError } from '../../../src/main/core/coreError';
import type { PerpsList } from '../../../src/shared/protocol/perps';

describe('perps amounts', () => {
  it('turns decimal strings into exact base units and back, without floats', () => {
    expect(toBaseUnits('1.5', 6, 'USDC')).toBe(1_500_000n);
    expect(toBaseUnits('0.000001', 6, 'USDC')).toBe(1n);
    expect(toBaseUnits('1.500000', 6, 'USDC')).toBe(1_500_000n);
    expect(toBaseUnits('123456789012345.123456789012345678', 18, 'WETH')).toBe(123456789012345123456789012345678n);
    expect(fromBaseUnits(-1_500_000n, 6)).toBe('-1.5');
    expect(fromBaseUnits('7', 6)).toBe('0.000007');
    expect(fromBaseUnits('250000000', 6)).toBe('250');
  });

  it('refuses zero, malformed and over-precise amounts, naming the asset\'s decimals', () => {
    expect(() => toBaseUnits('1.0000001', 6, 'USDC')).toThrow('USDC has 6 decimals; the amount 1.0000001 has more.');
    expect(() => toBaseUnits('0.000', 6, 'USDC')).toThrow('greater than zero');
    expect(() => toBaseUnits('1e3', 6, 'USDC')).toThrow('not a positive decimal number');
    expect(() => toBaseUnits('-1', 6, 'USDC')).toThrow('not a positive decimal number');
  });

  it('compares and sums decimal strings exactly', () => {
    expect(compareDecimals('1000', '999.9999999')).toBe(1);
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('250.5', '1000')).toBe(-1);
    expect(sumDecimals(['0.1', '0.2', '-0.05'])).toBe('0.25');
    expect(sumDecimals(['-1.5', '-2.25'])).toBe('-3.75');
  });
});

describe('perps proxy choice', () => {
  const now = 1_000_000_000_000;
  const proxy = (address: string, createdAt: number, expiresAt: number) => ({ proxyAddress: address, label: address, createdAt, expiresAt, referralCode: null });

  it('names each proxy\'s state with a seven-day warning window', () => {
    expect(perpsProxyState(now + PERPS_PROXY_WARNING_MS + 1, now)).toBe('active');
    expect(perpsProxyState(now + PERPS_PROXY_WARNING_MS, now)).toBe('expiring');
    expect(perpsProxyState(now + 1, now)).toBe('expiring');
    expect(perpsProxyState(now, now)).toBe('expired');
  });

  it('picks the newest unexpired proxy and never an expired one', () => {
    const older = proxy('0xA', now - 10, now + 100 * 86_400_000);
    const newer = proxy('0xB', now - 5, now + 3 * 86_400_000);
    const expired = proxy('0xC', now - 1, now - 1);
    expect(activeProxyOf([older, newer, expired], now)?.proxyAddress).toBe('0xB');
    expect(activeProxyOf([expired], now)).toBeNull();
    expect(activeProxyOf([], now)).toBeNull();
  });
});

describe('perps list walk', () => {
  /** A list served in the shared order: newest first, `end_time` inclusive, `limit` per page. */
  const serve = (rows: Array<{ id: number; ts: number }>, limit: number) => {
    const asked: Array<number | undefined> = [];
    const fetchPage = async (endMs: number | undefined): Promise<PerpsList<{ id: number; ts: number }>> => {
      asked.push(endMs);
      const eligible = rows.filter((r) => endMs === undefined || r.ts <= endMs).sort((a, b) => b.ts - a.ts || b.id - a.id);
      return { data: eligible.slice(0, limit), more: eligible.length > limit };
    };
    return { fetchPage, asked };
  };

  it('walks by `more`, continuing at the oldest timestamp and dropping repeats', async () => {
    const rows = [1, 2, 2, 2, 3, 4, 5, 5, 6].map((ts, i) => ({ id: i + 1, ts }));
    const { fetchPage, asked } = serve(rows, 3);
    const seen: number[] = [];
    for await (const page of walkList({ fetchPage, timeOf: (r) => r.ts, keyOf: (r) => String(r.id), boundary: 'inclusive' })) {
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(asked[0]).toBeUndefined();
  });

  it('steps past a millisecond that holds more than a page instead of asking forever', async () => {
    const rows = [...Array.from({ length: 5 }, (_, i) => ({ id: i + 1, ts: 10 })), { id: 6, ts: 9 }];
    const { fetchPage } = serve(rows, 2);
    const seen: number[] = [];
    for await (const page of walkList({ fetchPage, timeOf: (r) => r.ts, keyOf: (r) => String(r.id), boundary: 'inclusive', maxPages: 10 })) {
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen).toContain(6);
  });

  it('continues equity-like lists at oldest − 1', async () => {
    const rows = [1, 2, 3, 4, 5].map((ts) => ({ id: ts, ts }));
    const { fetchPage, asked } = serve(rows, 2);
    const pages = [];
    for await (const page of walkList({ fetchPage, timeOf: (r) => r.ts, keyOf: (r) => String(r.id), boundary: 'exclusive', fromEndMs: 5 })) pages.push(page);
    expect(asked).toEqual([5, 3, 1]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.ts))).toEqual([5, 4, 3, 2, 1]);
    expect(pages.at(-1)!.nextEndMs).toBeNull();
  });
});

describe('perps refusals', () => {
  const refusal = (said: string, status = 400) =>
    new CoreError('service_error', `The perpetuals exchange refused POST /x: ${said}`, { status, service: { message: said } });

  it('reads the identifier and says what it means', () => {
    expect(perpsErrorId('invalid_args: amount must be a decimal string')).toBe('invalid_args');
    expect(perpsErrorId('insufficient_margin')).toBe('insufficient_margin');
    expect((perpsRefusal(refusal('insufficient_margin'), 'the transfer') as Error).message).toBe(
      'The exchange refused: the transfer is larger than the account\'s free collateral.',
    );
    expect((perpsRefusal(refusal('invalid_args: amount has more decimals than the asset'), 'the transfer') as Error).message).toBe(
      'The exchange refused the transfer: invalid_args: amount has more decimals than the asset.',
    );
  });

  it('leaves errors that are not refusals unchanged', () => {
    const network = new CoreError('network', 'Could not reach the perpetuals exchange (connection refused).');
    expect(perpsRefusal(network, 'the transfer')).toBe(network);
  });
});
