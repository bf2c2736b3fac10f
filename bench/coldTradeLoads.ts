/**
 * The cold loads the startup diagnostics share (startupWaterfall.ts, startupProfile.ts): Marketdesk
 * on Trade through the browser-mode host, each load in a fresh Chromium context (no cache) as the
 * startup bench does, with the first-book probe and the bench's market remembered as the last one
 * traded. `visit` gets each page before its navigation and starts it with `open()`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBenchChromium } from './benchChromium';
import { chooseBenchTarget, rememberTarget } from './benchMarket';
import { startMarketdeskHost, type MarketdeskHost } from './benchProcesses';
import { FIRST_BOOK_PROBE, type FirstBook } from './startupPage';

export interface ColdLoad {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  host: MarketdeskHost;
  /** Navigates to Trade; resolves when the first book's frame has been produced. */
  open(): Promise<FirstBook>;
}

export async function forEachColdTradeLoad(
  loads: number,
  options: { trace: boolean; initScripts?: readonly string[] },
  visit: (load: ColdLoad, index: number) => Promise<void>,
): Promise<void> {
  const host = await startMarketdeskHost({ trace: options.trace });
  const browser = await launchBenchChromium();
  try {
    const target = await chooseBenchTarget(host.urls);
    for (let i = 0; i < loads; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        for (const script of [...(options.initScripts ?? []), FIRST_BOOK_PROBE, rememberTarget(target)]) await page.addInitScript(script);
        const open = async () => {
          await page.goto(`${host.url}#/trade`, { waitUntil: 'commit' });
          return (await page.evaluate('window.__firstBook')) as FirstBook;
        };
        await visit({ page, context, browser, host, open }, i);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await host.stop();
  }
}
