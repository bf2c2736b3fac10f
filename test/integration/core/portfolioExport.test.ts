/**
 * Exports of the local history, end to end: the file holds exactly the filtered rows the Activity
 * view shows (CSV and JSON); in browser mode it is a one-use download on the real web host that
 * needs the session cookie and is deleted once fetched; on the desktop it goes where the save
 * dialog port says; a cancelled export leaves no file. Also the store file's mode.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { CSV_COLUMNS } from '../../../src/main/core/portfolio/exportFormats';
import { startWebHost, type RunningWebHost } from '../../../src/main/web/webHost';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { ActivityFilter, ActivityPageView, ActivityRowView, ExportResult, HistorySyncState } from '../../../src/shared/portfolioViews';
import type { JobProgress } from '../../../src/shared/tradingViews';
import { callOk, LIGHT_KDF, startHarness, type Harness } from './coreHarness';

let harness: Harness;
let host: RunningWebHost;
let rendererDir: string;
const small = SANDBOX_HISTORY_WALLETS.small.address;
const medium = SANDBOX_HISTORY_WALLETS.medium.address;
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  rendererDir = mkdtempSync(join(tmpdir(), 'marketdesk-renderer-'));
  host = await startWebHost({ core: harness.core, rendererDir });
  await call<HistorySyncState>('syncActivityHistory', { address: small });
}, 60_000);
afterAll(async () => {
  await host?.close();
  await harness?.stop();
  rmSync(rendererDir, { recursive: true, force: true });
});

async function shownRows(address: string, filter: ActivityFilter): Promise<ActivityRowView[]> {
  const rows: ActivityRowView[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await call<ActivityPageView>('queryActivity', { address, filter, offset, limit: 500 });
    rows.push(...page.rows);
    if (rows.length >= page.total) return rows;
  }
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

async function signedInCookie(): Promise<string> {
  const response = await fetch(host.issueSignInUrl(), { redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

describe('activity export', () => {
  it('CSV in browser mode: a one-use download with the session cookie, holding exactly the rows shown', async () => {
    const filter: ActivityFilter = { types: ['TRADE', 'REDEEM'], side: 'BUY' };
    const shown = await shownRows(small, filter);
    const result = await call<ExportResult>('exportActivity', { address: small, filter, format: 'csv', jobId: 'csv-export' });
    expect(result).toMatchObject({ rows: shown.length, path: null, fileName: expect.stringMatching(/^marketdesk-activity-0x5a4d0000-.*\.csv$/) });
    expect(result.downloadPath).toMatch(/^\/downloads\/[A-Za-z0-9_-]{32}$/);
    const url = `http://127.0.0.1:${host.port}${result.downloadPath}`;

    expect((await fetch(url)).status).toBe(401);
    const cookie = await signedInCookie();
    const response = await fetch(url, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${result.fileName}"; filename*=UTF-8''${result.fileName}`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBe(result.bytes);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(records.map((r) => r[0])).toEqual(shown.map((r) => r.key));
    const column = (name: string) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]);
    expect(records.map((r) => [r[column('type')], r[column('side')], r[column('size')], r[column('price')], r[column('title')]])).toEqual(
      shown.map((r) => [r.type, r.side ?? '', r.size ?? '', r.price ?? '', r.title ?? '']),
    );
    // One use: fetched once, then gone from the host and from the disk.
    expect((await fetch(url, { headers: { cookie } })).status).toBe(404);
    expect(readdirSync(join(harness.dataDir, 'exports'))).toEqual([]);
    const progress = harness.events.filter((e) => e.event === 'jobProgressed').map((e) => e.payload as JobProgress).filter((p) => p.jobId === 'csv-export');
    expect(progress.at(-1)).toMatchObject({ done: true, error: null, rows: shown.length });
  }, 60_000);

  it('JSON: the file parses to exactly the rows the view shows, tips included only when asked', async () => {
    const filter: ActivityFilter = { types: ['TIP', 'DEPOSIT'], startTs: 1 };
    const shown = await shownRows(small, filter);
    expect(shown.some((r) => r.type === 'TIP')).toBe(true);
    const result = await call<ExportResult>('exportActivity', { address: small, filter, format: 'json' });
    const response = await fetch(`http://127.0.0.1:${host.port}${result.downloadPath}`, { headers: { cookie: await signedInCookie() } });
    expect(await response.json()).toEqual(shown);
    expect(result.rows).toBe(shown.length);
  }, 60_000);

  it('on the desktop the save dialog port chooses the file; a dismissed dialog or a cancel leaves nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-desktop-'));
    const saveDir = mkdtempSync(join(tmpdir(), 'marketdesk-saved-'));
    let answer: string | null = join(saveDir, 'my history.json');
    const asked: string[] = [];
    const core = await createCore({
      dataDir,
      serviceUrls: { ...harness.sandbox.urls, label: 'Sandbox', isSandbox: true },
      log: silentLogger,
      osKeyStore: createMemoryOsKeyStore(),
      vaultKdf: LIGHT_KDF,
      saveDialog: async ({ suggestedName }) => {
        asked.push(suggestedName);
        return answer;
      },
    });
    const progress: JobProgress[] = [];
    core.subscribe((event, payload) => {
      if (event !== 'jobProgressed') return;
      const job = payload as JobProgress;
      progress.push(job);
      // Cancel the big export as soon as it reports progress.
      if (job.jobId === 'cancel-me' && !job.done) void core.dispatch('cancelJob', { jobId: 'cancel-me' }, { clientId: 't' });
    });
    const dispatch = (channel: string, input: unknown) => core.dispatch(channel, input, { clientId: 't' });
    try {
      expect(await dispatch('syncActivityHistory', { address: medium })).toMatchObject({ ok: true, value: { rows: SANDBOX_HISTORY_WALLETS.medium.rows } });
      const saved = await dispatch('exportActivity', { address: medium, filter: { types: ['TRADE'] }, format: 'json' });
      expect(saved).toMatchObject({ ok: true, value: { path: answer, downloadPath: null, fileName: 'my history.json' } });
      const rows = JSON.parse(readFileSync(answer!, 'utf8')) as ActivityRowView[];
      expect(rows.length).toBe((saved as { value: ExportResult }).value.rows);
      expect(rows.every((r) => r.type === 'TRADE')).toBe(true);
      expect(asked[0]).toMatch(/^marketdesk-activity-0x5a4d0000-.*\.json$/);
      if (process.platform !== 'win32') expect(statSync(answer!).mode & 0o777).toBe(0o600);

      answer = join(saveDir, 'cancelled.json');
      const cancelled = await dispatch('exportActivity', { address: medium, filter: { types: ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'TIP', 'DEPOSIT'] }, format: 'json', jobId: 'cancel-me' });
      expect(cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(existsSync(answer)).toBe(false);
      expect(readdirSync(saveDir)).toEqual(['my history.json']);

      answer = null;
      expect(await dispatch('exportActivity', { address: medium, format: 'csv' })).toMatchObject({ ok: false, error: { code: 'cancelled', message: /save dialog/ } });
    } finally {
      await core.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(saveDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the history store and its journal files are 0600 in the data folder', () => {
    if (process.platform === 'win32') return;
    const files = readdirSync(harness.dataDir).filter((name) => name.startsWith('history.sqlite'));
    expect(files).toContain('history.sqlite');
    for (const name of files) expect({ name, mode: (statSync(join(harness.dataDir, name)).mode & 0o777).toString(8) }).toEqual({ name, mode: '600' });
  });
});
