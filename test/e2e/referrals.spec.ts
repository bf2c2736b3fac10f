/**
 * Referrals end to end: an invite code created in one account (Host) and applied in another
 * (Guest); Host's children count goes up and Guest names Host as its referrer; a second code on
 * Guest is refused in words, and its own code too. Its own host (fresh vault).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dismissWelcome } from './support/analytics';
import { watchPageProblems } from './support/pageProblems';
import { pickAccount, setUpPerpsAccounts } from './support/perps';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/referrals.png', import.meta.url));
const PASSWORD = 'Willow-Signal-Harbor-73';

const host = ownWebHost();

test('an invite code from one account is applied in another, once', async ({ page }) => {
  test.setTimeout(300_000);
  const { problems } = watchPageProblems(page);
  let code = '';
  let childrenBefore = 0;

  await test.step('a vault, accounts Host, Guest and Third, a perps proxy each', async () => {
    await page.goto(host().url);
    await dismissWelcome(page);
    await setUpPerpsAccounts(page, PASSWORD, ['Host', 'Guest', 'Third']);
  });

  await test.step('Host creates its invite code; the facts show referrals left and the fee share', async () => {
    await page.getByTestId('nav-referrals').click();
    await pickAccount(page, 'referrals-account', 'Host');
    const card = page.getByTestId('referral-code-card');
    await expect(card).toBeVisible({ timeout: 20_000 });
    // The cooldown is known from the first look, before any invite is asked for.
    await expect(page.getByTestId('referral-cooldown')).toContainText('can be taken now', { timeout: 20_000 });
    await card.getByTestId('referral-create-invite').click();
    await expect(card.getByTestId('referral-code')).toHaveText(/^[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    code = await card.getByTestId('referral-code').innerText();
    await expect(card.getByTestId('referral-invite-error')).toHaveCount(0);
    await expect(page.getByTestId('referral-left')).toHaveText('10');
    await expect(page.getByTestId('referral-fee-share')).toHaveText('20%');
    await expect(page.getByTestId('referral-cooldown')).toContainText('can be taken now');
    await expect(page.getByTestId('referral-parent')).toHaveText('nobody');
    childrenBefore = Number(await page.getByTestId('referral-children').innerText());
    // An account cannot apply its own code.
    await page.getByTestId('referral-apply-code').fill(code);
    await page.getByTestId('referral-apply').click();
    await expect(page.getByTestId('referral-apply-error')).toContainText('an account cannot refer itself', { timeout: 20_000 });
  });

  await test.step('Guest applies it and names Host as its referrer', async () => {
    await pickAccount(page, 'referrals-account', 'Guest');
    await expect(page.getByTestId('view-referrals')).toBeVisible();
    await page.getByTestId('referral-apply-code').fill(code);
    await page.getByTestId('referral-apply').click();
    await expect(page.getByTestId('referral-applied')).toContainText(code, { timeout: 20_000 });
    await expect(page.getByTestId('referral-parent')).toContainText('Host');
    await expect(page.getByTestId('referral-has-parent')).toBeVisible();
  });

  await test.step("a second code on Guest is refused clearly, and Host's children count went up", async () => {
    await pickAccount(page, 'referrals-account', 'Third');
    await page.getByTestId('referral-create-invite').click();
    await expect(page.getByTestId('referral-code')).toHaveText(/^[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    const third = await page.getByTestId('referral-code').innerText();
    await pickAccount(page, 'referrals-account', 'Guest');
    await page.getByTestId('referral-apply-code').fill(third);
    await page.getByTestId('referral-apply').click();
    await expect(page.getByTestId('referral-apply-error')).toContainText('"Guest" already has the referral code', { timeout: 20_000 });
    await expect(page.getByTestId('referral-apply-error')).toContainText('cannot be changed');
    await expect(page.getByTestId('referral-parent')).toContainText('Host');

    await pickAccount(page, 'referrals-account', 'Host');
    await expect(page.getByTestId('referral-children')).toHaveText(String(childrenBefore + 1), { timeout: 20_000 });
    await page.getByTestId('referral-create-invite').click();
    await expect(page.getByTestId('referral-left')).toHaveText('9', { timeout: 20_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: SHOT });
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
