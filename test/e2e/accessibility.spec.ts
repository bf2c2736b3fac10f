/**
 * Issue 20, accessibility: axe-core (WCAG 2 A and AA rules) on every view, in the dark and the
 * light theme, with no critical or serious violation. Each view is opened with content a user
 * sees (a market's books, a wallet looked up, the boards loaded), so the rules judge real rows,
 * not only empty states. The theme follows the system (the shared host's preference is
 * "system"), so the test switches it the way a desktop does, by the colour scheme.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { HISTORY_WALLETS, lookUp } from './support/analytics';
import { hostUrl } from './support/hostAddress';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['critical', 'serious']);

/** Every critical or serious violation on the page now, one line per element. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`),
    );
}

/** How each view is brought to a state with content before it is checked. */
const VIEWS: ReadonlyArray<readonly [string, (page: Page) => Promise<void>]> = [
  ['markets', async (page) => {
    await page.getByTestId('event-row').first().click();
    await page.getByTestId('market-row').first().click();
    await expect(page.getByTestId('book-table').first()).toBeVisible({ timeout: 20_000 });
  }],
  ['trade', async (page) => {
    await openMarketPricedBetween(page, 0.15, 0.85);
    await expect(page.getByTestId('trade-ladder')).toBeVisible({ timeout: 20_000 });
  }],
  ['portfolio', async (page) => {
    await lookUp(page, 'portfolio-wallet', HISTORY_WALLETS.tiny);
  }],
  ['activity', async (page) => {
    await lookUp(page, 'activity-wallet', HISTORY_WALLETS.tiny);
  }],
  ['transfers', async () => undefined],
  ['referrals', async () => undefined],
  ['perps', async (page) => {
    await expect(page.getByTestId('perps-asset-row').first()).toBeVisible({ timeout: 20_000 });
  }],
  ['boards', async (page) => {
    await expect(page.getByTestId('winner-row').first()).toBeVisible({ timeout: 30_000 });
  }],
  ['alerts', async () => undefined],
  ['accounts', async () => undefined],
  ['settings', async () => undefined],
];

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const [id, prepare] of VIEWS) {
      test(`${id}: no critical or serious axe violation (${theme})`, async ({ page }) => {
        test.setTimeout(120_000);
        const { problems } = watchPageProblems(page);
        await page.goto(hostUrl());
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // The welcome banner of a host without a vault stays: it is part of what a new user sees.
        await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', /^(none|locked|unlocked)$/);
        await page.getByTestId(`nav-${id}`).click();
        await expect(page.getByTestId(`view-${id}`)).toBeVisible();
        await prepare(page);
        const found = await blockingViolations(page);
        expect(found, `axe violations on ${id} in the ${theme} theme`).toEqual([]);
        expect(problems).toEqual([]);
      });
    }
  });
}
