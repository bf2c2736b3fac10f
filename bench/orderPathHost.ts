/**
 * The Marketdesk side of the click-to-order and startup benches, in a process of its own: the
 * browser-mode host (src/main/web/webHost.ts) over the real core, with the sandbox in the same
 * process as `npm run web` embeds it (same seed, its state in the data folder). It is started
 * here and handed to the core as the sandbox network (`serviceUrls` with `isSandbox`: network id
 * `sandbox`, its defaults — no risk limits, confirmations in the page) only so the bench learns
 * its address: the bare baseline posts to the same exchange.
 *
 * Parent ↔ child over the IPC channel: `ready` (the page address with its token, the sandbox's
 * order-book address); the parent sends `trace` and gets the marks taken since the last one
 * (src/shared/perfTrace.ts, switched on here only with BENCH_TRACE=1).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SLEEP_GAP_MS } from '../src/main/core/accounts/vaultSession';
import { createCore } from '../src/main/core/createCore';
import { OneTimePages } from '../src/main/web/oneTimePages';
import { startOneTimePageServer } from '../src/main/web/oneTimePageServer';
import { startWebHost } from '../src/main/web/webHost';
import { startSandbox } from '../src/sandbox/start';
import { setTracing, takeTraceMarks } from '../src/shared/perfTrace';

export type HostMessage = { kind: 'ready'; url: string; urls: { clob: string; catalog: string } } | { kind: 'trace'; marks: ReturnType<typeof takeTraceMarks> };

const dataDir = process.argv[2];
if (!dataDir || !process.send) throw new Error('usage: node --import tsx bench/orderPathHost.ts <data dir>, with an IPC channel');
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
setTracing(process.env.BENCH_TRACE === '1');

const sandbox = await startSandbox({ seed: 7, port: 0, stateFile: join(dataDir, 'sandbox-state.json') });
let signedIn: (cookieHeader: string | undefined) => boolean = () => false;
let oneTimeOrigin = '';
const oneTimePages = new OneTimePages(() => oneTimeOrigin, (cookieHeader) => signedIn(cookieHeader));
const oneTimeServer = await startOneTimePageServer(oneTimePages);
oneTimeOrigin = oneTimeServer.origin;
const core = await createCore({
  dataDir,
  hostKind: 'click-to-order bench',
  serviceUrls: { ...sandbox.urls, label: 'Sandbox', isSandbox: true },
  secretPresenter: oneTimePages,
  confirmationSurface: oneTimePages,
  lockAfterClockGapMs: SLEEP_GAP_MS,
});
const host = await startWebHost({ core, rendererDir: resolve(import.meta.dirname, '../out/renderer') });
signedIn = host.hasSession;

const send = (message: HostMessage) => process.send!(message);
process.on('message', (message: { kind?: string }) => {
  if (message?.kind === 'trace') send({ kind: 'trace', marks: takeTraceMarks() });
});
process.on('disconnect', () => {
  void (async () => {
    await host.close();
    await oneTimeServer.close();
    await core.stop();
    await sandbox.stop();
    process.exit(0);
  })();
});
send({ kind: 'ready', url: host.url, urls: { clob: sandbox.urls.clob, catalog: sandbox.urls.catalog } });
