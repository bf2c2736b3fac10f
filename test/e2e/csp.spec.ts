/**
 * The renderer's Content-Security-Policy is in force (inline script and style are refused) and
 * yet nothing the app itself needs is blocked: all CSS comes from files, and live sizes (depth
 * bars, meters) go through the CSSOM, which style-src does not govern.
 */
import { expect, test } from '@playwright/test';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

test('the strict CSP blocks inline style and script but nothing the app uses', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await page.getByTestId('event-row').first().click();
  await expect(page.getByTestId('order-book').first().getByTestId('book-level').first()).toBeVisible();
  expect(problems, 'the app itself triggers no CSP report').toEqual([]);

  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");

  const probe = await page.locator('body').evaluate((body) => {
    const doc = body.ownerDocument;
    const style = doc.createElement('style');
    style.textContent = 'body { --csp-probe: injected; }';
    doc.head.appendChild(style);
    const script = doc.createElement('script');
    script.textContent = 'document.body.dataset.cspProbe = "ran";';
    doc.head.appendChild(script);
    const view = doc.defaultView;
    return {
      style: view ? view.getComputedStyle(body).getPropertyValue('--csp-probe').trim() : 'no window',
      script: body.dataset.cspProbe ?? '',
    };
  });
  expect(probe).toEqual({ style: '', script: '' });
  // The page may open a WebSocket to this run's host only: any other loopback port is refused.
  const otherPort = new URL(page.url()).port === '9' ? '10' : '9';
  const socketProbe = await page.evaluate(
    (port) =>
      new Promise<string>((resolve) => {
        const global = globalThis as unknown as {
          document: { addEventListener(type: string, listener: (event: { blockedURI: string; effectiveDirective: string }) => void): void };
          WebSocket: new (url: string) => unknown;
        };
        global.document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`));
        try {
          new global.WebSocket(`ws://127.0.0.1:${port}/bridge`);
        } catch (error) {
          resolve(`threw ${String(error)}`);
        }
        setTimeout(() => resolve('not blocked'), 5_000);
      }),
    otherPort,
  );
  expect(socketProbe).toMatch(/connect-src|SecurityError/);
  // The ladder's depth bars really are sized under this policy (by class, in 5 % steps: no inline style).
  const barWidth = await page.locator('.dl-depth').first().evaluate((bar) => bar.getBoundingClientRect().width);
  expect(barWidth).toBeGreaterThan(0);
});
