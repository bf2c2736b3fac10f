/** Starts the real sandbox on loopback and a real core pointed at it, in a temp data dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import type { CoreOptions } from '../../../src/main/core/coreApi';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox/start';
import type { EventName, EventPayload } from '../../../src/shared/contract';
import type { EventDetail, EventsPage } from '../../../src/shared/viewModels';

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface Harness {
  core: Core;
  sandbox: RunningSandbox;
  dataDir: string;
  events: Array<{ event: EventName; payload: unknown }>;
  stop(): Promise<void>;
}

/** Light scrypt costs: the custody tests exercise the flows, not the KDF's strength. */
export const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 } as const;

export async function startHarness(
  options: Partial<Pick<CoreOptions, 'bookPollIntervalMs' | 'activityPollMs' | 'osKeyStore' | 'secretPresenter' | 'confirmationSurface' | 'vaultKdf' | 'perpsWeightBudget' | 'tradingRecovery' | 'updater' | 'outageBackoff' | 'historyPageSize'>> & {
    log?: Logger;
    dataDir?: string;
    /** Turn the market simulation off when a test needs the book to hold still. */
    simulate?: boolean;
    /** Further sandbox options (e.g. the perps clock and weight budget). */
    sandbox?: Partial<SandboxOptions>;
  } = {},
): Promise<Harness> {
  const { simulate = true, sandbox: sandboxOptions = {}, ...coreOptions } = options;
  const sandbox = await startSandbox({ seed: 7, port: 0, simulate, ...sandboxOptions });
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'marketdesk-core-'));
  const core = await createCore({
    dataDir,
    serviceUrls: { ...sandbox.urls, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    // The machine's real keychain is exercised by the custody keychain tests, not by every harness.
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    ...coreOptions,
  });
  const events: Harness['events'] = [];
  core.subscribe((event, payload) => events.push({ event, payload }));
  return {
    core,
    sandbox,
    dataDir,
    events,
    stop: async () => {
      await core.stop();
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls a channel and returns its value, or throws with the error's code and message. */
export async function callOk<T>(harness: Harness, channel: string, input: unknown, clientId = 'test-window'): Promise<T> {
  const result = await harness.core.dispatch(channel, input, { clientId });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** Polls `check` until it returns a value, for at most `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function eventsOf<K extends EventName>(harness: Harness, name: K): Array<EventPayload<K>> {
  return harness.events.filter((e) => e.event === name).map((e) => e.payload as EventPayload<K>);
}

/**
 * The first outcome token of the first open market on a 0.01 tick, walking the catalog's first
 * page through the bridge ('' when there is none): a market to rest orders on and cancel them.
 */
export async function firstCentTickToken(call: <T>(channel: string, input: unknown) => Promise<T>, search: object = {}): Promise<string> {
  const page = await call<EventsPage>('searchCatalogEvents', search);
  for (const event of page.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    const market = detail.markets.find((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01');
    if (market) return market.outcomes[0]!.tokenId;
  }
  return '';
}

/** Asks `check` every 200 ms until it answers something other than null, for at most `timeoutMs`. */
export async function waitForAsync<T>(check: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
