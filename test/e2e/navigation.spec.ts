/**
 * Every view is reachable from the navigation, by mouse and by keyboard. Every view is real now
 * (the specs of each walk them); here they only have to open, with no placeholder left, and the
 * perps views say honestly what is missing (no account, no proxy) instead of showing sample data.
 */
import { expect, test } from '@playwright/test';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

const BUILT = [
  ['trade', 'Trade'],
  ['portfolio', 'Portfolio'],
  ['activity', 'Activity'],
  ['transfers', 'Transfers'],
  ['referrals', 'Referrals'],
  ['perps', 'Perps'],
  ['boards', 'Boards'],
  ['alerts', 'Alerts'],
  ['accounts', 'Accounts'],
  ['settings', 'Settings'],
] as const;

/** What each perps view shows on a host whatever its accounts: content, or why there is none. */
const PERPS_VIEWS = [
  ['transfers', ['transfers-empty', 'transfers-no-proxy', 'transfer-send-form']],
  ['referrals', ['referrals-empty', 'referrals-no-proxy', 'referral-code-card']],
  ['perps', ['perps-empty', 'perps-no-proxy', 'perps-equity-chart']],
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

test('Transfers, Referrals and Perps show their content or say plainly why there is none', async ({ page }) => {
  for (const [id, states] of PERPS_VIEWS) {
    await page.getByTestId(`nav-${id}`).click();
    const view = page.getByTestId(`view-${id}`);
    await expect(view).toBeVisible();
    await expect(view.locator(states.map((state) => `[data-testid="${state}"]`).join(', ')).first()).toBeVisible({ timeout: 20_000 });
    await expect(view).not.toContainText('Arrives with');
  }
  // The public side of the exchange needs no account: the collateral assets are listed.
  await expect(page.getByTestId('perps-asset-row').first()).toBeVisible({ timeout: 20_000 });
  // The status bar stays with every view.
  await expect(page.getByTestId('status-network')).toHaveText('Sandbox');
});

test('every view opens as a real view, not a placeholder', async ({ page }) => {
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
