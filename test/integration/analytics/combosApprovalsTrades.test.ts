/**
 * Conformance of /v2/activity/combos, /v2/approvals and /v2/trades: one test per rule of the
 * spec's tables and window rules, over HTTP against a real sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRow, ComboActivityRow, TradeRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { DEFAULT_PROTOCOL_CONTRACTS } from '../../../src/sandbox/analytics/contracts';
import { expectError, v2, walk, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const { small, tiny, medium } = SANDBOX_HISTORY_WALLETS;
const nowS = () => Math.floor(Date.now() / 1000);
const hex64 = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/activity/combos', () => {
  const combos = (query: Record<string, string | number>) => v2<Page<ComboActivityRow>>(base, 'activity/combos', query);

  it('user is required and may not be a protocol contract', async () => {
    expectError(await combos({}), 400, 'invalid_request', 'user');
    expectError(await combos({ user: DEFAULT_PROTOCOL_CONTRACTS[0]! }), 400, 'invalid_request', 'user');
  });

  it('walks the whole lifecycle keyset on (block_number, log_index), newest first, each row once', async () => {
    const { rows } = await walk<ComboActivityRow>(base, 'activity/combos', { user: small.address, limit: 17 });
    expect(rows).toHaveLength(small.comboRows);
    for (let i = 1; i < rows.length; i += 1) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.block_number > b.block_number || (a.block_number === b.block_number && a.log_index > b.log_index)).toBe(true);
    }
    const types = new Set(rows.map((r) => r.type));
    for (const t of ['COMBO_OPEN', 'COMBO_ADD', 'COMBO_REDUCE', 'COMBO_REDEEM']) expect(types).toContain(t);
    for (const r of rows) expect(r.title).toBe(r.legs.map((l) => l.title).join(' / '));
  });

  it('limit sizes the first page only: with a cursor it is ignored', async () => {
    const first = await combos({ user: small.address, limit: 4 });
    const second = await combos({ user: small.address, limit: 50, cursor: first.body.pagination.next_cursor! });
    expect(second.body.data).toHaveLength(4);
  });

  it('condition filters to combo condition ids (aliases too); malformed and over-20 are 400', async () => {
    const id = (await combos({ user: tiny.address, limit: 1 })).body.data[0]!.combo_condition_id;
    for (const key of ['condition', 'condition_id', 'conditionId']) {
      const res = await combos({ user: tiny.address, [key]: id });
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.every((r) => r.combo_condition_id === id)).toBe(true);
    }
    expectError(await combos({ user: tiny.address, condition: 'nope' }), 400, 'invalid_request', 'condition');
    expectError(await combos({ user: tiny.address, condition: Array.from({ length: 21 }, (_, i) => hex64(i + 1)).join(',') }), 400, 'invalid_request', 'condition');
  });

  it('a tampered cursor is a 400', async () => {
    const cursor = (await combos({ user: small.address, limit: 2 })).body.pagination.next_cursor!;
    expectError(await combos({ user: small.address, cursor: `${cursor.slice(0, -2)}xx` }), 400, 'invalid_request', 'cursor');
  });
});

describe('GET /v2/approvals', () => {
  it('returns the full catalog in canonical order as {data} without pagination', async () => {
    const a = await v2<{ data: ApprovalRow[] }>(base, 'approvals', { user: medium.address });
    const b = await v2<{ data: ApprovalRow[] }>(base, 'approvals', { user: '0x00000000000000000000000000000000000000aa' });
    expect(Object.keys(a.body)).toEqual(['data']);
    expect(a.body.data.length).toBe(6);
    expect(a.body.data.map((r) => `${r.token}:${r.operator}`)).toEqual(b.body.data.map((r) => `${r.token}:${r.operator}`));
    expect(b.body.data.every((r) => r.approved === false && r.updated_at === null)).toBe(true);
  });

  it('user missing, invalid or a protocol contract is a 400', async () => {
    expectError(await v2(base, 'approvals'), 400, 'invalid_request', 'user');
    expectError(await v2(base, 'approvals', { user: 'alice' }), 400, 'invalid_request', 'user');
    expectError(await v2(base, 'approvals', { user: DEFAULT_PROTOCOL_CONTRACTS[4]! }), 400, 'invalid_request', 'user');
  });
});

describe('GET /v2/trades', () => {
  const trades = (query: Record<string, string | number>) => v2<Page<TradeRow>>(base, 'trades', query);

  it('user= uses the activity window rules (start=1 reaches past three years, end bounds inclusively)', async () => {
    const dflt = (await walk<TradeRow>(base, 'trades', { user: tiny.address, limit: 100 })).rows;
    const full = (await walk<TradeRow>(base, 'trades', { user: tiny.address, limit: 100, start: 1 })).rows;
    expect(full.length).toBeGreaterThan(dflt.length);
    expect(Math.min(...dflt.map((r) => r.block_timestamp))).toBeGreaterThanOrEqual(nowS() - 3 * 365 * 86_400 - 5);
    const t = full[5]!.block_timestamp;
    expect((await trades({ user: tiny.address, start: 1, end: t, limit: 1 })).body.data[0]!.block_timestamp).toBe(t);
  });

  it('condition or event_id serve a fixed three-year window and ignore start/end', async () => {
    const condition = (await trades({ user: small.address, limit: 1 })).body.data[0]!.condition_id;
    const plain = await trades({ condition, limit: 50 });
    const bounded = await trades({ condition, limit: 50, start: 1, end: 2 });
    expect(plain.body.data.length).toBeGreaterThan(0);
    expect(bounded.body.data).toEqual(plain.body.data);
    expect(plain.body.data.every((r) => r.condition_id === condition)).toBe(true);
    const { rows } = await walk<TradeRow>(base, 'trades', { condition, limit: 200 });
    expect(Math.min(...rows.map((r) => r.block_timestamp))).toBeGreaterThanOrEqual(nowS() - 3 * 365 * 86_400 - 5);
  });

  it('the bare feed serves the rolling current-plus-previous month', async () => {
    const d = new Date();
    const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / 1000;
    const { rows } = await walk<TradeRow>(base, 'trades', { limit: 1000, start: 1 }, 100);
    // The synthetic histories end at the world's "now" (2026-11-01 by default): rows exist while that is in the window.
    if (Date.UTC(2026, 10, 1) / 1000 > monthStart) expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.block_timestamp >= monthStart)).toBe(true);
  });

  it('condition and event_id are exclusive; offset and over-cap limit are 400', async () => {
    expectError(await trades({ condition: hex64(1), event_id: '21000' }), 400, 'invalid_request', 'event_id');
    expectError(await trades({ offset: 0 }), 400, 'invalid_request', 'offset');
    expectError(await trades({ limit: 1001 }), 400, 'invalid_request', 'limit');
  });
});
