/**
 * `npm run web`: the browser-mode host. The first stdout line is the address to open (with
 * this run's access token); everything else goes to stderr.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCore } from '../core/createCore';
import { parseWebCliArgs, WEB_USAGE, type WebCliOptions } from './cliArgs';
import { OneTimeRevealPages } from './oneTimeRevealPages';
import { startWebHost } from './webHost';

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write('Could not open a browser; open the address above yourself.\n'));
  child.unref();
}

async function main(): Promise<void> {
  let options: WebCliOptions;
  try {
    options = parseWebCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${WEB_USAGE}\n`);
    process.exit(2);
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  let origin = '';
  const revealPages = new OneTimeRevealPages(() => origin);
  const core = await createCore({
    dataDir: options.dataDir,
    secretPresenter: revealPages,
    ...(options.seed !== undefined ? { sandboxSeed: options.seed } : {}),
  });
  const host = await startWebHost({
    core,
    rendererDir: resolve(import.meta.dirname, '../../../out/renderer'),
    port: options.port,
    revealPages,
  });
  origin = `http://127.0.0.1:${host.port}`;
  process.stdout.write(`${host.url}\n`);
  process.stderr.write(`Marketdesk is running in browser mode. Data: ${options.dataDir}. Press Ctrl+C to stop.\n`);
  if (options.open) openInBrowser(host.url);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
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
