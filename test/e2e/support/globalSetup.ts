/**
 * Starts one browser-mode host (`node scripts/web.mjs`) for the whole run, on a free port with a
 * throwaway data directory, and hands its address to the tests. The returned function stops it.
 * Set MARKETDESK_E2E_URL to run the tests against a host you started yourself.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOST_ENV, HOST_FILE } from './hostAddress';
import { ROOT, startWebHostProcess } from './webHostProcess';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env[HOST_ENV]) return async () => undefined;
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:renderer` (or `npm run test:e2e`) first.');
  }
  const host = await startWebHostProcess();

  process.env[HOST_ENV] = host.url;
  mkdirSync(dirname(HOST_FILE), { recursive: true });
  writeFileSync(HOST_FILE, JSON.stringify({ url: host.url }));

  return async () => {
    await host.stop();
    rmSync(HOST_FILE, { force: true });
  };
}
