/**
 * Finding 5 (issue 7) for a person: the browser `npm run web` opens gets only a private file,
 * which redirects with a single-use sign-in code; the app then runs on an HttpOnly session
 * cookie, with no token or code left in the address bar, and survives a reload. The same file
 * opened again (the code already used) signs nobody in.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

let host: RunningHost;
let scratch: string;
let openedFile: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  scratch = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-opener-'));
  const record = join(scratch, 'opened-path.txt');
  const opener = join(scratch, 'opener.mjs');
  // Stands in for xdg-open: notes the path it was given (its only argument).
  writeFileSync(opener, `#!${process.execPath}\nimport { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(record)}, process.argv[2] ?? '');\n`);
  chmodSync(opener, 0o700);
  host = await startWebHostProcess({ browserOpener: opener });
  await expect.poll(() => existsSync(record), { timeout: 20_000 }).toBe(true);
  openedFile = readFileSync(record, 'utf8');
});

test.afterAll(async () => {
  await host?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('the opened file signs the browser in once, with a cookie, and leaves no credential in the address', async ({ page, browser }) => {
  expect(openedFile).not.toContain(new URL(host.url).searchParams.get('token')!);
  await page.goto(pathToFileURL(openedFile).toString());
  await expect(page.getByTestId('event-row').first()).toBeVisible({ timeout: 30_000 });
  const address = new URL(page.url());
  expect(address.origin).toBe(new URL(host.url).origin);
  expect(address.search).toBe('');
  const cookies = await page.context().cookies(address.origin);
  expect(cookies.find((c) => c.name.startsWith('marketdesk_session_'))).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  await page.reload();
  await expect(page.getByTestId('event-row').first()).toBeVisible({ timeout: 30_000 });

  // Another browser profile opening the same file: the code is spent, nobody is signed in.
  const other = await browser.newContext();
  const late = await other.newPage();
  await late.goto(pathToFileURL(openedFile).toString());
  await expect(late.locator('body')).toContainText('already used or has expired');
  await other.close();
});
