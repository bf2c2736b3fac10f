// End-to-end tests: the real renderer in Debian Chromium, talking to the real core through the
// browser-mode host (started once by the global setup, against the embedded sandbox).
import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright's own browser download is not available everywhere we run. */
const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** The specs that use the run's one host (see support/globalSetup.ts) rather than one of their own. */
const SHARED_HOST_SPECS = /\/(accessibility|activity|boards|budgetPanel|chart|combos|csp|marketData|markets|navigation|updates|webhost-refusal)\.spec\.ts$/;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  globalSetup: './test/e2e/support/globalSetup.ts',
  // Two specs at a time, each file in order in one worker. Most specs start a host of their own
  // (ownWebHost); the few that share the run's host are one project limited to one worker, so
  // that they never meet on it.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    colorScheme: 'dark',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web-shared-host',
      testMatch: SHARED_HOST_SPECS,
      workers: 1,
      use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'web',
      testIgnore: [/electron\.spec\.ts$/, SHARED_HOST_SPECS],
      use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions },
    },
    {
      // Owned by the Electron shell; it skips itself, with the reason, where Electron is absent.
      name: 'electron',
      testMatch: /electron\.spec\.ts$/,
    },
  ],
});
