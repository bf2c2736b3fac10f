/**
 * The Electronegativity CI gate (scripts/electronegativity.mjs): the tool exits 0 whatever it
 * finds, so the gate must read its findings and fail on any the allow-list does not cover with a
 * reason. Run for real, as `npm run audit:electron` runs it, over a fixture with a deliberately
 * unsafe BrowserWindow.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/electronegativity.mjs');
const FIXTURE = 'test/fixtures/electronegativity/unsafe-window';
const FIXTURE_FILE = `${FIXTURE}/main.js`;
const RUN_TIMEOUT_MS = 90_000;

/** What the tool finds in the fixture, each accepted with a reason (the passing allow-list). */
const FIXTURE_FINDINGS = [
  ['CONTEXT_ISOLATION_JS_CHECK', FIXTURE_FILE],
  ['SANDBOX_JS_CHECK', FIXTURE_FILE],
  ['AUXCLICK_JS_CHECK', FIXTURE_FILE],
  ['HTTP_RESOURCES_JS_CHECK', FIXTURE_FILE],
  ['CSP_GLOBAL_CHECK', 'N/A'],
  ['LIMIT_NAVIGATION_GLOBAL_CHECK', 'N/A'],
  ['PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK', 'N/A'],
] as const;
const REASON = 'Test fixture: deliberately unsafe, it is never shipped or run.';

const scratch = mkdtempSync(join(tmpdir(), 'marketdesk-eng-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let listCount = 0;
function allowlist(entries: unknown[]): string {
  const path = join(scratch, `allowlist-${(listCount += 1)}.json`);
  writeFileSync(path, JSON.stringify({ entries }));
  return path;
}
const fullList = () => FIXTURE_FINDINGS.map(([check, file]) => ({ check, file, count: 1, reason: REASON }));

interface GateRun {
  code: number;
  output: string;
}

function gate(...args: string[]): Promise<GateRun> {
  return new Promise((resolveRun) => {
    execFile(process.execPath, [SCRIPT, ...args], { cwd: ROOT, timeout: RUN_TIMEOUT_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolveRun({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe('the Electronegativity gate', () => {
  it('fails on findings the allow-list does not cover, naming each', async () => {
    const run = await gate('--input', FIXTURE, '--allowlist', allowlist([]));
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(`NOT ALLOWED  CONTEXT_ISOLATION_JS_CHECK [HIGH/FIRM] ${FIXTURE_FILE}:`);
    expect(run.output).toContain(`NOT ALLOWED  SANDBOX_JS_CHECK`);
    expect(run.output).toMatch(/electronegativity gate: FAILED \(7 not allowed, 0 stale, 0 parse errors, 0 inline disables\)/);
  }, RUN_TIMEOUT_MS);

  it('fails when one finding is left out, and passes when every finding is allowed with a reason', async () => {
    const withoutOne = fullList().filter((e) => e.check !== 'CONTEXT_ISOLATION_JS_CHECK');
    const missing = await gate('--input', FIXTURE, '--allowlist', allowlist(withoutOne));
    expect(missing.code, missing.output).toBe(1);
    expect(missing.output).toContain('FAILED (1 not allowed, 0 stale');

    const passing = await gate('--input', FIXTURE, '--allowlist', allowlist(fullList()));
    expect(passing.code, passing.output).toBe(0);
    expect(passing.output).toContain('7 finding(s), 7 allowed');
    expect(passing.output).toContain('electronegativity gate: passed');
  }, 2 * RUN_TIMEOUT_MS);

  it.each([
    ['no reason', { check: 'SANDBOX_JS_CHECK', file: FIXTURE_FILE }],
    ['an empty reason', { check: 'SANDBOX_JS_CHECK', file: FIXTURE_FILE, reason: '   ' }],
    ['a token reason', { check: 'SANDBOX_JS_CHECK', file: FIXTURE_FILE, reason: 'false positive' }],
  ])('refuses an allow-list entry with %s before running the tool', async (_what, entry) => {
    const run = await gate('--input', FIXTURE, '--allowlist', allowlist([...fullList().filter((e) => e.check !== 'SANDBOX_JS_CHECK'), entry]));
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain('(SANDBOX_JS_CHECK in test/fixtures/electronegativity/unsafe-window/main.js): every entry needs a "reason" of at least 20 characters');
  }, RUN_TIMEOUT_MS);

  it('refuses malformed allow-lists and arguments', async () => {
    const bad = await gate('--allowlist', allowlist([{ check: 'lower-case', file: '', reason: REASON, extra: true }]));
    expect(bad.code).toBe(2);
    expect(bad.output).toMatch(/"check" must be a check id/);
    expect(bad.output).toMatch(/"file" must be a path/);
    expect(bad.output).toMatch(/unknown field "extra"/);
    const notJson = join(scratch, 'broken.json');
    writeFileSync(notJson, '{ entries: ');
    expect((await gate('--allowlist', notJson)).output).toMatch(/cannot read it as JSON/);
    expect((await gate('--inputs', 'src')).code).toBe(2);
  }, RUN_TIMEOUT_MS);

  it('fails on an entry that no longer matches what the tool finds', async () => {
    const stale = [...fullList(), { check: 'NODE_INTEGRATION_JS_CHECK', file: FIXTURE_FILE, reason: REASON }];
    const run = await gate('--input', FIXTURE, '--allowlist', allowlist(stale));
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(`STALE ENTRY  NODE_INTEGRATION_JS_CHECK in ${FIXTURE_FILE}: the allow-list expects 1, the tool found 0`);
    const wrongCount = fullList().map((e) => (e.check === 'SANDBOX_JS_CHECK' ? { ...e, count: 2 } : e));
    expect((await gate('--input', FIXTURE, '--allowlist', allowlist(wrongCount))).output).toContain('expects 2, the tool found 1');
  }, 2 * RUN_TIMEOUT_MS);

  it('fails on an inline eng-disable comment: the allow-list is the one place to accept a finding', async () => {
    const copy = join(scratch, 'disabled');
    cpSync(join(ROOT, FIXTURE), copy, { recursive: true });
    const source = readFileSync(join(copy, 'main.js'), 'utf8');
    writeFileSync(join(copy, 'main.js'), source.replace('  const window', '  // eng-disable SANDBOX_JS_CHECK\n  const window'));
    const copyFile = `${relative(ROOT, copy).split('\\').join('/')}/main.js`;
    const entries = fullList().map((e) => (e.file === FIXTURE_FILE ? { ...e, file: copyFile } : e));
    const run = await gate('--input', copy, '--allowlist', allowlist(entries));
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(`INLINE DISABLE  ${copyFile}`);
  }, RUN_TIMEOUT_MS);
});
