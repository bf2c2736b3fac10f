/**
 * The real sandbox, a FaultRelay in front of its order-book service, and a real core pointed at
 * the relay, with one funded trading account and a market to rest orders in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../src/main/core/createCore';
import type { Core, CoreOptions } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox/start';
import type { EventName, EventPayload } from '../../../src/shared/contract';
import type { EventDetail, EventsPage } from '../../../src/shared/viewModels';
import { LIGHT_KDF } from '../core/coreHarness';
import { startFaultRelay, type FaultRelay } from './faultRelay';

export interface RecoveryHarness {
  core: Core;
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
  relay: FaultRelay;
  /** Every event with the wall-clock time it arrived. */
  events: Array<{ event: EventName; payload: unknown; at: number }>;
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** The error of a call that must fail. */
  failure(channel: string, input?: unknown): Promise<{ code: string; message: string }>;
  eventsOf<K extends EventName>(name: K): Array<EventPayload<K>>;
  /** The events of one name with their arrival times. */
  timedEventsOf<K extends EventName>(name: K): Array<{ payload: EventPayload<K>; at: number }>;
  /** Creates a vault, an account with order-book credentials and paper funds. */
  openTradingAccount(): Promise<void>;
  /** An active market's token on a 0.01 tick. */
  restingToken(): Promise<string>;
  stop(): Promise<void>;
}

export async function startRecoveryHarness(
  options: { sandbox?: Partial<SandboxOptions>; core?: Partial<Pick<CoreOptions, 'loopClock' | 'tradingRecovery' | 'activityPollMs' | 'bookPollIntervalMs'>> } = {},
): Promise<RecoveryHarness> {
  const sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, ...options.sandbox });
  const relay = await startFaultRelay(sandbox.urls.clob);
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-recovery-'));
  const core = await createCore({
    dataDir,
    serviceUrls: { ...sandbox.urls, clob: relay.url, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    ...options.core,
  });
  const events: RecoveryHarness['events'] = [];
  core.subscribe((event, payload) => events.push({ event, payload, at: Date.now() }));
  const dispatch = (channel: string, input: unknown) => core.dispatch(channel, input, { clientId: 'recovery-test' });
  const harness: RecoveryHarness = {
    core,
    sandbox,
    relay,
    events,
    call: async <T>(channel: string, input: unknown = {}) => {
      const result = await dispatch(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
      return result.value as T;
    },
    failure: async (channel, input = {}) => {
      const result = await dispatch(channel, input);
      if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
      return result.error;
    },
    eventsOf: <K extends EventName>(name: K) => events.filter((e) => e.event === name).map((e) => e.payload as EventPayload<K>),
    timedEventsOf: <K extends EventName>(name: K) => events.filter((e) => e.event === name).map((e) => ({ payload: e.payload as EventPayload<K>, at: e.at })),
    openTradingAccount: async () => {
      await harness.call('createVault', { password: 'recovery test password' });
      await harness.call('createAccount', { label: 'Recovery' });
      await harness.call('createClobCredentials', {});
      await harness.call('requestSandboxFunds', { amount: '1000' });
    },
    restingToken: async () => {
      const page = await harness.call<EventsPage>('searchCatalogEvents', {});
      for (const event of page.events) {
        const detail = await harness.call<EventDetail>('getCatalogEvent', { eventId: event.id });
        const market = detail.markets.find((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01');
        if (market) return market.outcomes[0]!.tokenId;
      }
      throw new Error('no active market on a 0.01 tick in the sandbox world');
    },
    stop: async () => {
      await core.stop();
      await relay.stop();
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Polls `check` (real time, 20 ms steps) until it holds, for at most `timeoutMs`. */
export async function until<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
