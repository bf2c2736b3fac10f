/**
 * Collects what a user would never see but a broken build causes: uncaught exceptions and
 * anything the Content-Security-Policy blocked (Chromium reports both to the console).
 */
import type { Page } from '@playwright/test';

export function watchPageProblems(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|apply|execute|connect)/i.test(text)) problems.push(`CSP: ${text}`);
  });
  return { problems };
}
