/**
 * The desktop app's confirmation window, as far as it can be seen here: Electron cannot run on
 * this machine, so the exact page the window loads (a data: URL, no script, no preload) is
 * rendered in Chromium with JavaScript off, at the window's size, and its answers are checked
 * to be plain navigations to the address main intercepts.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { ConfirmationQuestion } from '../../src/main/core/authority/confirmationSurface';
import { CONFIRMATION_SUBMIT_URL, confirmationDataUrl, confirmationWindowOptions } from '../../src/main/electron/confirmationPrompt';

test.use({ javaScriptEnabled: false });

const QUESTION: ConfirmationQuestion = {
  id: 'desktop-question',
  expiresAt: 0,
  request: {
    kind: 'perps-transfer',
    title: 'Send 100 USDC of perps collateral',
    facts: [
      { label: 'From', value: 'Desk one (0x70997970C51812dc3A010C7d01b50e0d17dc79C8)' },
      { label: 'Recipient', value: '0x000000000000000000000000000000000000dEaD (not one of your accounts)', warn: true },
      { label: 'Amount', value: '100 USDC (100000000 base units)' },
      { label: 'Signed by', value: "the account's proxy 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
      { label: 'Settles', value: 'at once, and cannot be recalled' },
      { label: 'Network', value: 'LIVE · Production (real money)', warn: true },
      { label: 'Perps exchange', value: 'https://perps.example.com' },
    ],
    confirmLabel: 'Send 100 USDC',
  },
};

test('the desktop confirmation window shows the exact operation and answers by navigation only', async ({ page }) => {
  const { width, height } = confirmationWindowOptions();
  await page.setViewportSize({ width, height });
  await page.goto(confirmationDataUrl(QUESTION, 120));
  await expect(page.getByTestId('confirmation-title')).toHaveText('Send 100 USDC of perps collateral');
  await expect(page.getByTestId('confirmation-facts')).toContainText('(not one of your accounts)');
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/confirmation-window.png', import.meta.url)) });
  // Clicking an answer navigates to the address main intercepts in `will-navigate` (here, Chromium just tries to go there).
  const navigation = page.waitForRequest((request) => request.url().startsWith(CONFIRMATION_SUBMIT_URL));
  await page.getByTestId('confirmation-confirm').click();
  expect(new URL((await navigation).url()).searchParams.get('answer')).toBe('confirm');
});
