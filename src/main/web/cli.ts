/**
 * `npm run web`: the browser-mode host. The first stdout line is the address to open (with
 * this run's access token); everything else goes to stderr.
 *
 * The browser it opens gets no credential on its command line: it opens a private file that
 * redirects with a single-use sign-in code (see browserLauncher.ts and signInCodes.ts).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { SLEEP_GAP_MS } from '../core/accounts/vaultSession';
import { createCore } from '../core/createCore';
import { startupStorageFault } from '../core/dataFolder/storageFaults';
import { defaultOpener, openFileWith, writeRedirectFile, type RedirectFile } from './browserLauncher';
import { parseWebCliArgs, WEB_USAGE, type WebCliOptions } from './cliArgs';
import { startOneTimePageServer } from './oneTimePageServer';
import { OneTimePages } from './oneTimePages';
import { SIGN_IN_CODE_LIFETIME_MS } from './signInCodes';
import { startWebHost } from './webHost';

async function main(): Promise<void> {
  let options: WebCliOptions;
  try {
    options = parseWebCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${WEB_USAGE}\n`);
    process.exit(2);
  }
  try {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw startupStorageFault(error, options.dataDir) ?? error;
  }
  let oneTimeOrigin = '';
  let signedIn: (cookieHeader: string | undefined) => boolean = () => false;
  const oneTimePages = new OneTimePages(() => oneTimeOrigin, (cookieHeader) => signedIn(cookieHeader));
  const oneTimeServer = await startOneTimePageServer(oneTimePages);
  oneTimeOrigin = oneTimeServer.origin;
  const core = await createCore({
    dataDir: options.dataDir,
    secretPresenter: oneTimePages,
    // The page cannot answer main's questions: they open on the second origin, as reveals do.
    confirmationSurface: oneTimePages,
    // No suspend event reaches a plain Node process: a gap in the vault's own clock checks stands in.
    lockAfterClockGapMs: SLEEP_GAP_MS,
    ...(options.seed !== undefined ? { sandboxSeed: options.seed } : {}),
    ...(options.fundingIntervalSeconds !== undefined ? { sandboxFundingIntervalMs: options.fundingIntervalSeconds * 1000 } : {}),
  });
  const host = await startWebHost({
    core,
    rendererDir: resolve(import.meta.dirname, '../../../out/renderer'),
    port: options.port,
  });
  signedIn = host.hasSession;
  // The printed address keeps the run's token: stdout belongs to the user who started the host
  // (unlike a command line, which every local user can read), and scripts and tests use it.
  process.stdout.write(`${host.url}\n`);
  process.stderr.write(`Marketdesk is running in browser mode. Data: ${options.dataDir}. Press Ctrl+C to stop.\n`);

  let redirect: RedirectFile | null = null;
  if (options.open) {
    redirect = writeRedirectFile(host.issueSignInUrl());
    const opened = redirect;
    // The code is single-use and short-lived; the file is useless afterwards, so it goes too.
    setTimeout(() => opened.remove(), SIGN_IN_CODE_LIFETIME_MS).unref();
    openFileWith(redirect.path, process.env.MARKETDESK_BROWSER_OPENER || defaultOpener(), () =>
      process.stderr.write('Could not open a browser; open the address above yourself.\n'),
    );
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    redirect?.remove();
    await host.close();
    await oneTimeServer.close();
    await core.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main().catch((error: unknown) => {
  process.stderr.write(`Marketdesk could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
