/**
 * The soak (issue 21): the browser-mode host as `npm run web` builds it — the real core with its
 * embedded sandbox, and the web host's WebSocket bridge — with eight windows connected over real
 * WebSockets, each running the polls of the Trade, Portfolio and Perps views and the status bar
 * at the intervals those views use (test/integration/budget/viewPolls.ts), watching its own book.
 * Every `sampleMs` the heap (after a full GC) and the RSS of this process, which holds the host,
 * are recorded. The windows' own share is a few sockets and their last answers.
 *
 * Growth is judged after a warm-up, by the least-squares slope of the heap in MB per minute.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { createCore } from '../src/main/core/createCore';
import type { Core } from '../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../src/main/core/custody';
import { silentLogger } from '../src/main/core/log';
import { startWebHost, type RunningWebHost } from '../src/main/web/webHost';
import type { AccountsState } from '../src/shared/custodyViews';
import type { PerpsInfoView } from '../src/shared/perpsViews';
import type { BridgeResult } from '../src/shared/result';
import type { EventDetail, EventsPage } from '../src/shared/viewModels';
import type { HostFrame } from '../src/shared/webSocketProtocol';
import { runViewPolls, type PollTally, type WindowPlan } from '../test/integration/budget/viewPolls';

export const WINDOWS = 8;
const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 } as const;
const MIB = 1024 * 1024;

export interface MemorySample {
  /** Minutes since the windows opened. */
  minute: number;
  heapMiB: number;
  rssMiB: number;
}

export interface SoakResult {
  samples: MemorySample[];
  /** Least-squares slopes over the samples at or after the warm-up, MiB per minute. */
  heapSlope: number;
  rssSlope: number;
  calls: number;
  failedCalls: Record<string, number>;
}

/** A full collection, so a sample counts what is alive, not what the collector has not reached yet. */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The least-squares slope of y over x. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** One window: a WebSocket to the host's bridge, as the renderer opens it. */
class Window {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: BridgeResult<unknown>) => void>();
  events = 0;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as HostFrame;
      if (frame.kind === 'event') {
        this.events += 1;
        return;
      }
      this.waiting.get(frame.id)?.(frame.result);
      this.waiting.delete(frame.id);
    });
  }

  static async open(host: RunningWebHost): Promise<Window> {
    const origin = `http://127.0.0.1:${host.port}`;
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`, { headers: { origin } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Window(socket);
  }

  call(channel: string, input: unknown): Promise<BridgeResult<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ kind: 'call', id, channel, input }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

async function ok<T>(core: Core, channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, { clientId: 'soak-setup' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** An account with credentials, funds and a perps proxy, and one market per window (as the load run sets up). */
async function setUp(core: Core): Promise<{ accountId: string; tokens: string[]; instrumentIds: number[] }> {
  await ok(core, 'createVault', { password: 'soak-test-password' });
  const accounts = await ok<AccountsState>(core, 'createAccount', { label: 'Soak' });
  const accountId = accounts.accounts.find((a) => a.label === 'Soak')!.id;
  await ok(core, 'createClobCredentials');
  await ok(core, 'requestSandboxFunds', { amount: '5000' });
  await ok(core, 'createPerpsProxy', { label: 'Soak proxy', expiryDays: 30 });
  await ok(core, 'requestSandboxPerpsFunds', { accountId, asset: 'USDC', amount: '1000' });
  const instrumentIds = (await ok<PerpsInfoView>(core, 'getPerpsInfo')).instruments.map((i) => i.id);
  const tokens: string[] = [];
  const page = await ok<EventsPage>(core, 'searchCatalogEvents', { text: '' });
  for (const event of page.events) {
    if (tokens.length >= WINDOWS) break;
    const detail = await ok<EventDetail>(core, 'getCatalogEvent', { eventId: event.id });
    const market = detail.markets.find((m) => m.active && !m.closed && m.acceptingOrders);
    if (market) tokens.push(market.outcomes[0]!.tokenId);
  }
  if (tokens.length < WINDOWS) throw new Error(`only ${tokens.length} open markets for ${WINDOWS} windows`);
  return { accountId, tokens, instrumentIds };
}

export interface SoakOptions {
  durationMs: number;
  sampleMs: number;
  warmUpMs: number;
  /** Told of each sample as it is taken (progress on stderr). */
  onSample?: (sample: MemorySample) => void;
  /** The embedded sandbox's order-book history bound (default: the sandbox's). */
  sandboxBookHistoryBytes?: number;
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const gc = fullGc();
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-soak-'));
  const rendererDir = mkdtempSync(join(tmpdir(), 'marketdesk-soak-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Marketdesk</title>');
  // No serviceUrls: the core starts its embedded sandbox, as `npm run web` does.
  const core = await createCore({
    dataDir, log: silentLogger, osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF,
    ...(options.sandboxBookHistoryBytes !== undefined ? { sandboxBookHistoryBytes: options.sandboxBookHistoryBytes } : {}),
  });
  const host = await startWebHost({ core, rendererDir, reportProblem: () => undefined });
  const windows: Window[] = [];
  try {
    const { accountId, tokens, instrumentIds } = await setUp(core);
    for (let i = 0; i < WINDOWS; i++) windows.push(await Window.open(host));
    const plans: WindowPlan[] = tokens.map((tokenId, i) => ({
      clientId: `window-${i}`, tokenId, accountId, perpsInstrumentId: instrumentIds[i % instrumentIds.length]!, budgetPanel: i === 0,
    }));
    const byClient = new Map(plans.map((plan, i) => [plan.clientId, windows[i]!]));
    const tally: PollTally = new Map();
    const start = performance.now();
    const polls = runViewPolls((channel, input, clientId) => byClient.get(clientId)!.call(channel, input), plans, start + options.durationMs, tally);

    const samples: MemorySample[] = [];
    const take = () => {
      gc();
      const memory = process.memoryUsage();
      const sample = { minute: (performance.now() - start) / 60_000, heapMiB: memory.heapUsed / MIB, rssMiB: memory.rss / MIB };
      samples.push(sample);
      options.onSample?.(sample);
    };
    take();
    for (let at = options.sampleMs; at <= options.durationMs; at += options.sampleMs) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - performance.now())));
      take();
    }
    await polls;
    const after = samples.filter((s) => s.minute * 60_000 >= options.warmUpMs - 1);
    const failedCalls: Record<string, number> = {};
    let calls = 0;
    for (const [channel, row] of tally) {
      calls += row.calls;
      for (const [code, count] of Object.entries(row.errors)) failedCalls[`${channel} ${code}`] = count;
    }
    return {
      samples,
      heapSlope: slope(after.map((s) => ({ x: s.minute, y: s.heapMiB }))),
      rssSlope: slope(after.map((s) => ({ x: s.minute, y: s.rssMiB }))),
      calls,
      failedCalls,
    };
  } finally {
    for (const window of windows) window.close();
    await host.close();
    await core.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(rendererDir, { recursive: true, force: true });
  }
}
