/**
 * Issue 12, updater: in browser mode Settings → Updates says plainly that updates are off and why,
 * offers no check, shows the feed read-only (no bridge channel sets it) with how to change it
 * outside the app, and the status bar shows no update prompt. Read-only on the shared host (the
 * install prompt itself needs the desktop app's updater; the core tests cover its policy).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/settings-updates-browser-mode.png', import.meta.url));
const NARROW_SHOT = fileURLToPath(new URL('../../docs/screenshots/settings-updates-browser-mode-narrow.png', import.meta.url));

test('Settings → Updates says updates are off in browser mode, with the reason, and nothing offers to install', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('settings-updates');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();

  await expect(page.getByTestId('settings-updates-phase')).toHaveAttribute('data-phase', 'off');
  const reason = page.getByTestId('settings-updates-off-reason');
  await expect(reason).toHaveAttribute('data-reason', 'browser-mode');
  await expect(reason).toHaveText('Updates are off in browser mode. The installed desktop app updates itself; a browser tab has nothing to install.');
  await expect(page.getByTestId('settings-updates-version')).toHaveText(/^Installed: \d+\.\d+\.\d+/);
  await expect(page.getByTestId('settings-updates-check')).toBeDisabled();
  await expect(page.getByTestId('settings-updates-verification')).toHaveText('Nothing to verify: this copy does not install updates.');
  // The feed is shown, never edited here: no field, no Save, only where it comes from and how to change it outside the app.
  await expect(page.getByTestId('settings-updates-feed')).toHaveAttribute('data-source', 'none');
  await expect(page.getByTestId('settings-updates-feed')).toHaveText('None');
  await expect(page.getByTestId('settings-updates-feed-how')).toContainText('MARKETDESK_UPDATE_FEED_URL');
  await expect(page.getByTestId('settings-updates-feed-how')).toContainText('"updateFeedUrl"');
  await expect(section.locator('input, textarea, form')).toHaveCount(0);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  await section.screenshot({ path: SHOT });

  await page.setViewportSize({ width: 1024, height: 700 });
  await section.scrollIntoViewIfNeeded();
  await expect(reason).toBeVisible();
  await section.screenshot({ path: NARROW_SHOT });
  expect(problems).toEqual([]);
});
