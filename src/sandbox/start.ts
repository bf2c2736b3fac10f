/**
 * The sandbox exchange's only public entry point. The app's core imports this file and
 * nothing else from src/sandbox, so every type it needs is declared here or in src/shared.
 *
 * One call builds the seeded world, opens the books, starts the simulation and serves the
 * three services (the order-book service and its catalog as two servers) on loopback.
 * With `stateFile`, the accounts a real exchange would keep (API keys, builder keys, perps accounts, proxies,
 * spent salts, referral codes, paper balances, orders, trades, notifications) are loaded from
 * that file and saved back (state/stateStore.ts).
 */
import { ALL_EDGE_WINDOWS, type EdgeScopeStats } from '../shared/protocol/edgeLimits';
import { resolve } from 'node:path';
import type { OrderVersion } from '../shared/orders/orderSchema';
import { catalogRouter } from './catalog/catalogRoutes';
import { apiKeySection } from './clob/auth/apiKeyState';
import { ApiKeyStore } from './clob/auth/apiKeyStore';
import { addAuthRoutes } from './clob/auth/authRoutes';
import { addBuilderKeyRoutes } from './clob/auth/builderKeyRoutes';
import { builderKeySection } from './clob/auth/builderKeyState';
import { BuilderKeyStore } from './clob/auth/builderKeyStore';
import { plainErrors } from './clob/clobErrors';
import { clobRouter } from './clob/clobRoutes';
import { Exchange } from './clob/exchange';
import { EdgeGate } from './edge/edgeGate';
import { FaultInjector } from './faults/faultInjector';
import { listenService, type RunningService, type ServiceDefinition } from './http/jsonServer';
import { analyticsRouter } from './services/analyticsRoutes';
import { createAnalyticsContext, type AnalyticsOptions } from './analytics/service';
import { CursorCodec } from './analytics/cursor';
import { cursorKeySection } from './analytics/cursorKeyState';
import type { PageThreadState } from './analytics/pageThread';
import { ADMIN_PREFIX, addEdgeAdminRoutes } from './services/edgeAdminRoutes';
import { perpsAccountsSection } from './perps/perpsAccountsState';
import { createPerpsState, DEFAULT_FUNDING_INTERVAL_MS } from './perps/perpsState';
import { PerpsActivitySource } from './world/perpsActivity';
import { perpsDepositsSection } from './world/perpsDepositsState';
import type { PerpsWeightStats } from './perps/weightMeter';
import { PERPS_INSTRUMENTS } from './perps/world/instruments';
import { PERPS_CHAIN_ID, perpsService } from './services/perpsRoutes';
import { SANDBOX_PERPS_WEIGHT_BUDGET, type PerpsInstrument, type PerpsWeightBudget } from '../shared/protocol/perps';
import { traceErrors, withTraceHeader } from './services/traceErrors';
import { Simulator } from './simulation/simulator';
import { SandboxStateStore } from './state/stateStore';
import { addBuilderTradeRoutes } from './trading/builderTradeRoutes';
import { createTrading } from './trading/tradingService';
import { tradingSection } from './trading/tradingState';
import type { BucketConfig } from './trading/signerBuckets';
import { DEFAULT_BOOK_HISTORY_BYTES } from './trading/bookHistory';
import { buildWorld, DEFAULT_WORLD_EPOCH_MS } from './world/buildWorld';
import { warmOrderSigning } from '../signing/orderSigning';

export { SANDBOX_HISTORY_WALLETS } from './analytics/synthetic/wallets';
export type { PerpsWeightStats as SandboxPerpsWeightStats } from './perps/weightMeter';
export type { PerpsAccountSnapshot as SandboxPerpsAccountSnapshot } from './perps/perpsAdminRoutes';

/** The perps instruments of every sandbox world (the spec has no route listing them). */
export const SANDBOX_PERPS_INSTRUMENTS: readonly PerpsInstrument[] = PERPS_INSTRUMENTS;

/** The perps exchange's knobs. */
export interface SandboxPerpsOptions {
  /** Weight units per sliding window per client address (default SANDBOX_PERPS_WEIGHT_BUDGET: 1200 per 60 s). */
  weightBudget?: PerpsWeightBudget;
  /** Funding is charged at every whole multiple of this interval (default 1 h, min 1 s). */
  fundingIntervalMs?: number;
  /** The perps exchange's clock in unix ms (default Date.now); tests inject one to step time. */
  now?: () => number;
}
export type { AnalyticsOptions as SandboxAnalyticsOptions } from './analytics/service';

export interface SandboxEdgeOptions {
  maxWaitMs?: number;
  maxQueued?: number;
  limits?: Readonly<Record<string, number>>;
  windowsMs?: Readonly<Record<string, number>>;
}

export interface SandboxOptions {
  /** World and simulation seed, an integer in [0, 2^32). Default 7. */
  seed?: number;
  /** 0 (default): an ephemeral port per service. N: analytics N, clob N+1, catalog N+2, perps N+3. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1; the sandbox is meant for loopback only. */
  host?: string;
  /** Run the market simulation (default true). Books are two-sided either way. */
  simulate?: boolean;
  /** Simulation step interval in ms (default 250, min 10). */
  tickMs?: number;
  /**
   * The edge throttle (docs/sandbox.md): a request over a window waits up to `maxWaitMs`
   * (default 10 000, one documented window) with at most `maxQueued` (default 1000) waiting;
   * beyond that, 429 with the real `Retry-After`. Tests shrink scopes with `limits` and
   * `windowsMs` (per scope, e.g. `{ 'clob:/ok': 300 }`) to see throttling in milliseconds.
   */
  edge?: SandboxEdgeOptions;
  /** The world's "now" in unix ms (default 2026-11-01): fixes every date in the catalog. */
  worldEpochMs?: number;
  /**
   * Chain id of the sandbox network profile (default 137): the ClobAuth (L1) domain of the
   * order-book service and the perps exchange's EIP-712 domain (`/v1/info/exchange`).
   */
  chainId?: number;
  /**
   * Keep the exchange's account state (API keys and builder keys with their secrets and passphrases, perps
   * accounts, proxies, spent salts, referral codes) in this JSON file: loaded at start, saved
   * shortly after every change and on stop(), written atomically with mode 0600. A missing
   * file starts fresh; an unusable one is kept as `<file>.corrupt-<timestamp>` and the run
   * starts fresh (one line on stderr). One file serves one running sandbox at a time.
   * Default: everything in memory, gone with the process.
   */
  stateFile?: string;
  /**
   * The order schema the order-book service accepts and reports on `GET /version`: 2 (default,
   * the current schema) or 1 (legacy: taker, expiration, nonce and feeRateBps are signed).
   */
  orderVersion?: OrderVersion;
  /** Heartbeat dead-man window in ms (default 10 000, as on the public service; min 50). */
  heartbeatTimeoutMs?: number;
  /** Page size of `/data/orders` and `/data/trades` (default 100). */
  dataPageSize?: number;
  /**
   * Per-signer token buckets for order and cancel requests (429 `Too Many Requests` when
   * empty). Defaults: capacity 1000, refilled at 100 per second, for each.
   */
  signerBuckets?: { orders?: BucketConfig; cancels?: BucketConfig };
  /** How often changed books are recorded for `GET /orderbook-history`, in ms (default 10 000, min 10). */
  bookHistoryMs?: number;
  /** The memory those snapshots may hold together, estimated bytes (default 24 MiB, min 64 KiB). */
  bookHistoryBytes?: number;
  /**
   * The analytics service (`/v2`): protocol contracts refused as `user` (default: the chain-137
   * exchange, collateral, conditional-token and neg-risk adapter contracts), the cursor HMAC key
   * (default: random per process) and the heavy-query capacity slots.
   */
  analytics?: AnalyticsOptions;
  /** The perpetuals exchange: weight budget, funding interval, clock. */
  perps?: SandboxPerpsOptions;
}

export interface SandboxUrls {
  analytics: string;
  clob: string;
  catalog: string;
  perps: string;
}

/** Request counters of one documented edge window (sliding, `windowMs` long). */
export type SandboxEdgeScopeStats = EdgeScopeStats;

export interface SandboxSimulationStats {
  steps: number;
  markets: number;
  lastStepMs: number;
  meanStepMs: number;
  maxStepMs: number;
  failure?: string;
}

export interface RunningSandbox {
  urls: SandboxUrls;
  seed: number;
  /** Closes the servers and stops every timer; safe to call more than once. */
  stop(): Promise<void>;
  edgeStats(): SandboxEdgeScopeStats[];
  resetEdgeStats(): void;
  simulationStats(): SandboxSimulationStats;
  /** The perps server's weight counters (also `GET /sandbox/perps/weights`). */
  perpsWeightStats(): PerpsWeightStats;
  /** Fault rules and per-route counters (also `GET /sandbox/faults` on any server). */
  faultStats(): SandboxFaultStats;
  /** Where big `/v2/activity` pages are written: 'ready' on the page worker, else on the event loop (benches). */
  analyticsPageThread(): PageThreadState;
}

export type SandboxFaultStats = ReturnType<FaultInjector['snapshot']>;

function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`sandbox: ${name} must be an integer between ${min} and ${max} (got ${value})`);
  }
  return value;
}

function checkEdgeOptions(edge: SandboxEdgeOptions): SandboxEdgeOptions {
  if (edge.maxWaitMs !== undefined) checkInteger('edge.maxWaitMs', edge.maxWaitMs, 0, 3_600_000);
  if (edge.maxQueued !== undefined) checkInteger('edge.maxQueued', edge.maxQueued, 0, 1_000_000);
  const scopes = new Set(ALL_EDGE_WINDOWS.map((w) => w.scope));
  const checkScopes = (option: string, values: Readonly<Record<string, number>> | undefined, max: number) => {
    for (const [scope, value] of Object.entries(values ?? {})) {
      if (!scopes.has(scope)) throw new RangeError(`sandbox: edge.${option} names no edge window '${scope}' (known: ${[...scopes].join(', ')})`);
      checkInteger(`edge.${option}['${scope}']`, value, 1, max);
    }
  };
  checkScopes('limits', edge.limits, 1_000_000);
  checkScopes('windowsMs', edge.windowsMs, 3_600_000);
  return edge;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = checkInteger('seed', options.seed ?? 7, 0, 0xffff_ffff);
  const port = checkInteger('port', options.port ?? 0, 0, 65_532);
  const tickMs = checkInteger('tickMs', options.tickMs ?? 250, 10, 60_000);
  const host = options.host ?? '127.0.0.1';
  const chainId = checkInteger('chainId', options.chainId ?? PERPS_CHAIN_ID, 1, Number.MAX_SAFE_INTEGER);
  if (options.stateFile !== undefined && (typeof options.stateFile !== 'string' || options.stateFile.trim() === '')) {
    throw new RangeError('sandbox: stateFile must be a non-empty path');
  }
  const orderVersion = options.orderVersion ?? 2;
  // libsecp256k1's context (the keccak WebAssembly is ready once src/signing is imported).
  warmOrderSigning();
  if (orderVersion !== 1 && orderVersion !== 2) throw new RangeError(`sandbox: orderVersion must be 1 or 2 (got ${String(orderVersion)})`);
  const heartbeatTimeoutMs = checkInteger('heartbeatTimeoutMs', options.heartbeatTimeoutMs ?? 10_000, 50, 3_600_000);
  const dataPageSize = checkInteger('dataPageSize', options.dataPageSize ?? 100, 1, 1_000);
  const bookHistoryMs = checkInteger('bookHistoryMs', options.bookHistoryMs ?? 10_000, 10, 3_600_000);
  const bookHistoryBytes = checkInteger('bookHistoryBytes', options.bookHistoryBytes ?? DEFAULT_BOOK_HISTORY_BYTES, 65_536, 2 ** 32);
  for (const [name, bucket] of Object.entries(options.signerBuckets ?? {})) {
    if (!bucket) continue;
    checkInteger(`signerBuckets.${name}.capacity`, bucket.capacity, 1, 1_000_000);
    if (!(bucket.refillPerSecond >= 0 && bucket.refillPerSecond <= 1_000_000)) {
      throw new RangeError(`sandbox: signerBuckets.${name}.refillPerSecond must be between 0 and 1000000`);
    }
  }

  const world = buildWorld(seed, options.worldEpochMs ?? DEFAULT_WORLD_EPOCH_MS);
  const exchange = new Exchange(world);
  const simulator = new Simulator(exchange, seed);
  const apiKeys = new ApiKeyStore();
  const builderKeys = new BuilderKeyStore();
  // After the simulator: the opening quotes are in place before saved orders go back on the books.
  const trading = createTrading({
    exchange, keys: apiKeys, seed, chainId, orderVersion, heartbeatTimeoutMs, pageSize: dataPageSize, bookHistoryMs, bookHistoryBytes,
    ...(options.signerBuckets ? { signerBuckets: options.signerBuckets } : {}),
  });
  const fundingIntervalMs = checkInteger('perps.fundingIntervalMs', options.perps?.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS, 1_000, 7 * 86_400_000);
  const weightBudget = options.perps?.weightBudget ?? SANDBOX_PERPS_WEIGHT_BUDGET;
  checkInteger('perps.weightBudget.limit', weightBudget.limit, 1, 1_000_000_000);
  checkInteger('perps.weightBudget.windowMs', weightBudget.windowMs, 1, 86_400_000);
  if (options.perps?.now !== undefined && typeof options.perps.now !== 'function') throw new RangeError('sandbox: perps.now must be a function');
  const perpsState = createPerpsState(world, { chainId, fundingIntervalMs, ...(options.perps?.now && { now: options.perps.now }) });
  const perps = perpsService(world, perpsState, weightBudget);
  const cursors = new CursorCodec(options.analytics?.cursorKey);
  let state: SandboxStateStore | null = null;
  try {
    if (options.stateFile !== undefined) {
      state = await SandboxStateStore.open(resolve(options.stateFile), [
        apiKeySection(apiKeys), builderKeySection(builderKeys), perpsAccountsSection(perpsState), perpsDepositsSection(perpsState.deposits), tradingSection(trading.desk, seed),
        // A key given in the options wins and is not written to the file.
        ...(options.analytics?.cursorKey ? [] : [cursorKeySection(cursors)]),
      ]);
    }
  } catch (error) {
    // A state file held by another sandbox (or unreadable): stop the trading timers, or they would
    // keep this process alive after it reported the failure.
    trading.close();
    throw error;
  }
  // One gate for both servers: the "all endpoints" window is shared, as at the public edge.
  const gate = new EdgeGate(checkEdgeOptions(options.edge ?? {}));
  const isAdminPath = (path: string) => path.startsWith(ADMIN_PREFIX);

  const analyticsContext = createAnalyticsContext(world, exchange, trading.desk.trades, trading.desk.activity, options.analytics ?? {}, cursors,
    [new PerpsActivitySource(perpsState, perpsState.deposits)]);
  const analytics = analyticsRouter(analyticsContext, { gate });
  const definitions: ServiceDefinition[] = [
    {
      name: 'analytics',
      router: analytics,
      errors: traceErrors,
      decorate: withTraceHeader,
      chargeEdge: (method, path, signal) => analytics.charge(method, path, signal),
    },
    {
      name: 'clob',
      router: addEdgeAdminRoutes(addBuilderTradeRoutes(
        addBuilderKeyRoutes(trading.addRoutes(addAuthRoutes(clobRouter(exchange), { store: apiKeys, chainId })), { apiKeys, builders: builderKeys }),
        { desk: trading.desk, exchange, builders: builderKeys, pageSize: dataPageSize },
      ), gate),
      errors: plainErrors,
      edge: { gate, service: 'clob', exempt: isAdminPath },
      // Behind the edge, before authentication and the body: a restarting engine refuses every authenticated route.
      admit: ({ method, path }) => trading.restartRefusal(method, path),
    },
    {
      name: 'catalog', router: catalogRouter(world, exchange, { seriesOf: (entry) => trading.desk.activity.seriesOf(entry), now: Date.now }), errors: plainErrors,
      edge: { gate, service: 'catalog', exempt: () => false },
    },
    perps.definition,
  ];

  // One set of fault rules for the four servers (GET /sandbox/faults on any of them shows it).
  const faults = new FaultInjector(seed);
  for (const definition of definitions) definition.faults = faults;
  const running: RunningService[] = [];
  const closeAll = async () => {
    simulator.stop();
    trading.close();
    gate.close();
    // The page worker: pages still being written finish on this thread.
    analyticsContext.pages.close();
    await Promise.all(running.map((s) => s.close()));
    // After the servers: every connection is closed, so no change after this could be answered.
    await state?.close();
  };
  try {
    for (const [i, definition] of definitions.entries()) {
      running.push(await listenService(definition, host, port === 0 ? 0 : port + i));
    }
  } catch (error) {
    await closeAll();
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`sandbox: cannot listen on ${host}:${port === 0 ? 'ephemeral ports' : `${port}-${port + 3}`} (${code})`, { cause: error });
  }
  if (options.simulate ?? true) simulator.start(tickMs);

  const [analyticsUrl, clobUrl, catalogUrl, perpsUrl] = running.map((s) => s.url) as [string, string, string, string];
  let stopping: Promise<void> | null = null;
  return {
    urls: { analytics: analyticsUrl, clob: clobUrl, catalog: catalogUrl, perps: perpsUrl },
    seed,
    stop: () => (stopping ??= closeAll()),
    edgeStats: () => gate.stats(),
    resetEdgeStats: () => gate.resetStats(),
    simulationStats: () => simulator.snapshot(),
    perpsWeightStats: () => perps.weights.stats(),
    faultStats: () => faults.snapshot(),
    analyticsPageThread: () => analyticsContext.pages.status,
  };
}
