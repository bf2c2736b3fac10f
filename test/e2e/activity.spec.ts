/**
 * Activity end to end on a synthetic sandbox wallet looked up read-only: the history syncs into
 * the local store with progress, filters narrow it (types, side, TIP only when ticked), a sort
 * reorders it, and an export of the filtered history shows progress and downloads a file whose
 * rows are exactly the rows shown. Combo activity and approvals come from the service.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { dismissWelcome, HISTORY_WALLETS, lookUp } from './support/analytics';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/activity.png', import.meta.url));
const WALLET = HISTORY_WALLETS.medium;

const shownTotal = async (page: Page): Promise<number> => Number(await page.getByTestId('activity-table').getAttribute('data-count'));
const shownKeys = (page: Page) => page.getByTestId('activity-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key') ?? ''));

/** Runs in the page (a string: this file is compiled without the DOM library). */
const WATCH_EXPORT_PROGRESS = `(() => {
  const seen = { bar: false, rows: 0 };
  window.exportSeen = seen;
  new MutationObserver(() => {
    const bar = document.querySelector('[data-testid="activity-export-progress"]');
    if (!bar) return;
    seen.bar = true;
    seen.rows = Math.max(seen.rows, Number(bar.getAttribute('data-rows') ?? 0));
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
})()`;

/** CSV rows as objects by header (the export quotes fields with commas or quotes). */
function parseCsv(text: string): Array<Record<string, string>> {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length) records.push([...record, field]);
  const [header, ...rows] = records.filter((r) => r.length > 1 || r[0] !== '');
  return rows.map((r) => Object.fromEntries(header!.map((name, i) => [name, r[i] ?? ''])));
}

test('Activity: sync, filter, sort and export of a filtered history that matches the rows shown', async ({ page }) => {
  test.setTimeout(240_000);
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await dismissWelcome(page);
  await page.getByTestId('nav-activity').click();
  await lookUp(page, 'activity-wallet', WALLET);

  await test.step('the history is in the local store (Sync brings it in, with progress)', async () => {
    const sync = page.getByTestId('activity-sync');
    await expect(page.getByTestId('activity-sync-button')).toBeEnabled({ timeout: 30_000 });
    if ((await sync.getAttribute('data-complete')) !== 'true') {
      await page.getByTestId('activity-sync-button').click();
      await expect(page.getByTestId('activity-sync-progress')).toBeVisible();
    }
    await expect(sync).toHaveAttribute('data-complete', 'true', { timeout: 180_000 });
    await expect(page.getByTestId('activity-row').first()).toBeVisible();
    expect(await shownTotal(page)).toBeGreaterThan(1_000);
  });

  let total = 0;
  await test.step('filters: TIP only when ticked; trades bought only', async () => {
    const all = await shownTotal(page);
    await expect(page.locator('[data-testid="activity-row"][data-type="TIP"]')).toHaveCount(0);
    await page.getByTestId('activity-include-tips').check();
    await expect.poll(() => shownTotal(page), { timeout: 15_000 }).toBeGreaterThan(all);
    await page.getByTestId('activity-include-tips').uncheck();
    await expect.poll(() => shownTotal(page), { timeout: 15_000 }).toBe(all);
    for (const type of ['split', 'merge', 'redeem', 'conversion', 'reward', 'deposit', 'withdrawal']) {
      await page.getByTestId(`activity-type-${type.toUpperCase()}`).click();
    }
    await page.getByTestId('activity-side').selectOption('BUY');
    // Each click is a query of its own: the rows are read once the last one has answered.
    const shownTypes = () => page.getByTestId('activity-row').evaluateAll((rows) => [...new Set(rows.map((r) => `${r.getAttribute('data-type')}/${r.getAttribute('data-side')}`))]);
    await expect.poll(shownTypes, { timeout: 15_000 }).toEqual(['TRADE/BUY']);
    total = await shownTotal(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all);
    await expect(page.getByRole('tab', { name: /History/ })).toContainText(total.toLocaleString('en-US'));
  });

  await test.step('a sort by size reorders, the newest-first sort comes back', async () => {
    const newest = await shownKeys(page);
    await page.getByTestId('activity-sort-size').click();
    await expect.poll(async () => (await shownKeys(page))[0]).not.toBe(newest[0]);
    await page.getByTestId('activity-sort-timestamp').click();
    await expect.poll(async () => (await shownKeys(page))[0], { timeout: 10_000 }).toBe(newest[0]);
    await page.screenshot({ path: SHOT });
  });

  await test.step('export of the filtered history: progress, then a CSV with exactly the rows shown', async () => {
    // Record the progress bar from the page itself: the export can outrun a poll from here.
    await page.evaluate(WATCH_EXPORT_PROGRESS);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('activity-export-csv').click();
    const file = await download;
    await expect(page.getByTestId('activity-export-result')).toHaveAttribute('data-rows', String(total));
    const seen = (await page.evaluate('window.exportSeen')) as { bar: boolean; rows: number };
    expect(seen.bar, 'the progress bar showed while the export ran').toBe(true);
    if (total >= 2_000) expect(seen.rows, 'progress counted rows').toBeGreaterThan(0);

    const rows = parseCsv(readFileSync(await file.path(), 'utf8'));
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => `${r.type}/${r.side}`))).toEqual(new Set(['TRADE/BUY']));
    // The file's first rows are the table's first rows, in the same (newest first) order.
    const keys = await shownKeys(page);
    expect(rows.slice(0, keys.length).map((r) => r.key)).toEqual(keys);
  });

  await test.step('combo activity pages by cursor; approvals list', async () => {
    await page.getByTestId('activity-view-tab-combos').click();
    await expect(page.getByTestId('combo-row').first()).toBeVisible({ timeout: 30_000 });
    const before = await page.getByTestId('combo-table').getAttribute('data-count');
    if (await page.getByTestId('combo-load-more').isVisible()) {
      await page.getByTestId('combo-load-more').click();
      await expect.poll(async () => Number(await page.getByTestId('combo-table').getAttribute('data-count'))).toBeGreaterThan(Number(before));
    }
    await page.getByTestId('activity-view-tab-approvals').click();
    await expect(page.getByTestId('approval-row').first()).toBeVisible({ timeout: 30_000 });
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
