/**
 * Every view is reachable from the navigation, by mouse and by keyboard, and the views later
 * issues will fill say honestly what will be there instead of showing sample data. Trade,
 * Accounts and Settings are real views now (trade.spec.ts and custody.spec.ts walk them); here
 * they only have to open.
 */
import { expect, test } from '@playwright/test';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

const PLACEHOLDERS = [
  ['transfers', 'Transfers'],
  ['referrals', 'Referrals'],
] as const;

const BUILT = [
  ['trade', 'Trade'],
  ['portfolio', 'Portfolio'],
  ['activity', 'Activity'],
  ['boards', 'Boards'],
  ['accounts', 'Accounts'],
  ['settings', 'Settings'],
] as const;

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page).problems;
  await page.goto(hostUrl());
  await expect(page.getByTestId('view-markets')).toBeVisible();
});

test.afterEach(() => {
  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});

test('every view other than Markets renders its honest empty state', async ({ page }) => {
  for (const [id, label] of PLACEHOLDERS) {
    await page.getByTestId(`nav-${id}`).click();
    const view = page.getByTestId(`view-${id}`);
    await expect(view).toBeVisible();
    await expect(page.getByTestId(`nav-${id}`)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    const empty = view.getByTestId('empty-state');
    await expect(empty).toContainText(`${label} — `);
    await expect(empty).toContainText(/Arrives with .+\./);
    // Honest: nothing that looks like data (tables, rows, prices) on a placeholder.
    await expect(view.locator('[role="table"], table, [data-testid="book-level"], [data-testid="event-row"]')).toHaveCount(0);
  }
  // The status bar stays with every view.
  await expect(page.getByTestId('status-network')).toHaveText('Sandbox');
});

test('Trade, Portfolio, Activity, Boards, Accounts and Settings open as real views, not placeholders', async ({ page }) => {
  for (const [id, label] of BUILT) {
    await page.getByTestId(`nav-${id}`).click();
    const view = page.getByTestId(`view-${id}`);
    await expect(view).toBeVisible();
    await expect(page.getByTestId(`nav-${id}`)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(view).not.toContainText('Arrives with');
  }
  // The last one opened is Settings, which shows the network read-only.
  await expect(page.getByTestId('settings-network-label')).toHaveText('Sandbox');
});

test('the navigation works from the keyboard, and Back returns to the previous view', async ({ page }) => {
  await page.getByTestId('nav-markets').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('nav-trade')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-trade')).toBeVisible();
  await expect(page.getByTestId('nav-trade')).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page.getByTestId('view-markets')).toBeVisible();
  await expect(page.getByTestId('nav-markets')).toHaveAttribute('aria-current', 'page');
});
