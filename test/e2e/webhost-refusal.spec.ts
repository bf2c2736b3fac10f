/**
 * The browser-mode host is reachable by anything on this machine, so the page and the bridge are
 * guarded by the per-run token. Without it the page explains what to open; with a wrong one the
 * bridge socket is refused. The correct token opening the socket shows the check is real.
 */
import { expect, test, type Page } from '@playwright/test';
import { bridgeSocketUrl, hostOrigin, hostUrl } from './support/hostAddress';

const NEEDS_ADDRESS = 'This page needs the address printed by npm run web, including its access token';

/** Opens a WebSocket from inside the page and reports how it ended: "open", or "closed <code>". */
function trySocket(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (address) =>
      new Promise<string>((resolve) => {
        const Socket = (globalThis as unknown as { WebSocket: new (url: string) => { onopen: (() => void) | null; onclose: ((event: { code: number }) => void) | null; close(): void } }).WebSocket;
        const socket = new Socket(address);
        const timer = setTimeout(() => resolve('no answer'), 10_000);
        socket.onopen = () => {
          clearTimeout(timer);
          socket.close();
          resolve('open');
        };
        // `error` is always followed by `close`, which carries the code.
        socket.onclose = (event) => {
          clearTimeout(timer);
          resolve(`closed ${event.code}`);
        };
      }),
    url,
  );
}

function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

test('opening the page without a token shows what address to use, and nothing else', async ({ page }) => {
  await page.goto(`${hostOrigin()}/`);
  const notice = page.getByTestId('bridge-unavailable');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-reason', 'needs-token');
  await expect(notice).toContainText(NEEDS_ADDRESS);
  await expect(page.getByTestId('view-markets')).toHaveCount(0);
  await expect(page.locator('nav')).toHaveCount(0);
});

test('a bridge socket with a wrong or missing token is refused; the right token is accepted', async ({ page }) => {
  await page.goto(`${hostOrigin()}/`);
  const right = tokenOf(hostUrl());
  const wrong = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
  expect(await trySocket(page, bridgeSocketUrl(wrong))).toMatch(/^closed /);
  expect(await trySocket(page, bridgeSocketUrl(null))).toMatch(/^closed /);
  expect(await trySocket(page, bridgeSocketUrl(right))).toBe('open');
});

test('the app opened with a wrong token says the connection was refused', async ({ page }) => {
  await page.goto(`${hostOrigin()}/?token=not-the-token`);
  const notice = page.getByTestId('bridge-unavailable');
  await expect(notice).toHaveAttribute('data-reason', 'refused');
  await expect(notice).toContainText(NEEDS_ADDRESS);
  expect(page.url()).not.toContain('token=');
});
