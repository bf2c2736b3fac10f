/**
 * Finding 5 (issue 10): under 10,000 random valid inputs 463 bridge calls never got a reply and
 * the host's memory grew past 15 GB. Here 10,000 seeded random valid calls go through the real
 * browser-mode host's WebSocket into a real core against the real sandbox, some of whose routes
 * stall (injected faults). Every call gets exactly one reply (a result, `timeout` naming the
 * channel, or `throttled`), the calls running on the connection never exceed the bound, and when
 * the dust settles nothing is left in flight. Counted, not timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Dispatch } from '../../src/main/core/bridge/dispatcher';
import type { Core } from '../../src/main/core/coreApi';
import { createCore } from '../../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import { startWebHost, type RunningWebHost } from '../../src/main/web/webHost';
import { Prng } from '../../src/sandbox/random/prng';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/start';
import { buildWorld } from '../../src/sandbox/world/buildWorld';
import type { BridgeResult } from '../../src/shared/result';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/webSocketProtocol';

const CALLS = 10_000;
const MAX_IN_FLIGHT = 16;
/** The client keeps more calls outstanding than the bound, so both paths are exercised. */
const CLIENT_WINDOW = 48;

let sandbox: RunningSandbox;
let core: Core;
let host: RunningWebHost;
let dataDir: string;
let maxSeenInFlight = 0;

const world = buildWorld(7);
const tokenIds = world.markets.slice(0, 30).flatMap((m) => [...m.tokenIds]);
const eventIds = world.events.slice(0, 30).map((e) => e.id);

/** One random valid call: local reads, catalog reads and market data (no writes, no key derivation). */
function randomCall(rng: Prng): { channel: string; input: unknown } {
  switch (rng.int(0, 9)) {
    case 0: return { channel: 'getAppStatus', input: {} };
    case 1: return { channel: 'getVaultState', input: {} };
    case 2: return { channel: 'listAccounts', input: {} };
    case 3: return { channel: 'getBudgetState', input: {} };
    case 4: return { channel: 'searchCatalogEvents', input: { text: rng.pick(['', 'a', 'win', 'x'.repeat(rng.int(0, 200))]), limit: rng.int(1, 500), offset: rng.int(0, 50) } };
    case 5: return { channel: 'getCatalogEvent', input: { eventId: rng.pick(eventIds) } };
    case 6: return { channel: 'getOhlc', input: { tokenId: rng.pick(tokenIds), fidelity: rng.pick(['1m', '5m', '1h', '1d', '1w']), startTs: rng.int(0, 1_900_000_000), limit: rng.int(1, 1000) } };
    case 7: return { channel: 'getPriceHistory', input: { tokenId: rng.pick(tokenIds), interval: rng.pick(['1h', '6h', '1d', '1w', 'max']) } };
    case 8: return { channel: 'getRecentTrades', input: { tokenId: rng.pick(tokenIds) } };
    default: return { channel: 'listCatalogTags', input: {} };
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-bridge-load-'));
  core = await createCore({
    dataDir, serviceUrls: { ...sandbox.urls, label: 'Sandbox', isSandbox: true }, log: silentLogger, osKeyStore: createMemoryOsKeyStore(),
    callLimits: { deadlineMs: 1_000, maxInFlightPerClient: MAX_IN_FLIGHT },
  });
  const dispatch = core.dispatch as Dispatch;
  // The host sees this core; every call it hands over samples the calls running for that client.
  const observed: Core = {
    ...core,
    dispatch: (channel, input, caller) => {
      const answer = dispatch(channel, input, caller);
      maxSeenInFlight = Math.max(maxSeenInFlight, dispatch.inFlight(caller.clientId));
      return answer;
    },
  };
  host = await startWebHost({ core: observed, rendererDir: dataDir, reportProblem: () => undefined });
  // Some catalog event reads and some OHLC reads stall for 3 s (longer than the call deadline).
  for (const pathPattern of ['/events/:id', '/ohlc']) {
    const res = await fetch(`${sandbox.urls.clob}/sandbox/faults/rules`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPattern, kind: 'stall', stallMs: 3_000, probability: 0.02 }),
    });
    expect(res.status).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await host?.close();
  await core?.stop();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('10,000 random valid bridge calls over the WebSocket', () => {
  it('every call answers once, in-flight work stays bounded, and nothing is left running', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}${BRIDGE_SOCKET_PATH}?token=${host.token}`, { headers: { origin: `http://127.0.0.1:${host.port}` } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const rng = new Prng(2026, 'bridge-load');
    const sent = new Map<number, string>();
    const answers = new Map<number, BridgeResult<unknown>>();
    const codes = new Map<string, number>();
    let duplicate = 0;
    let nextId = 1;
    const done = new Promise<void>((resolve) => {
      const sendMore = () => {
        while (nextId <= CALLS && sent.size - answers.size < CLIENT_WINDOW) {
          const call = randomCall(rng);
          sent.set(nextId, call.channel);
          socket.send(JSON.stringify({ kind: 'call', id: nextId, channel: call.channel, input: call.input }));
          nextId += 1;
        }
        if (answers.size === CALLS) resolve();
      };
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { kind: string; id?: number; result?: BridgeResult<unknown> };
        if (frame.kind !== 'reply' || frame.id === undefined) return;
        if (answers.has(frame.id)) duplicate += 1;
        answers.set(frame.id, frame.result!);
        const code = frame.result!.ok ? 'ok' : frame.result!.error.code;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        if (!frame.result!.ok && frame.result!.error.code === 'timeout') {
          expect(frame.result!.error.message.startsWith(`${sent.get(frame.id)} did not answer within`)).toBe(true);
        }
        sendMore();
      });
      sendMore();
    });
    await done;
    socket.close();

    expect(answers.size).toBe(CALLS);
    expect(duplicate).toBe(0);
    expect([...sent.keys()].every((id) => answers.has(id))).toBe(true);
    expect(maxSeenInFlight).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    // Stalls made some calls answer at their deadline, and the bound refused some at once.
    expect(codes.get('timeout') ?? 0).toBeGreaterThan(0);
    expect(codes.get('ok') ?? 0).toBeGreaterThan(CALLS / 10);
    expect(codes.get('throttled') ?? 0).toBeGreaterThan(0);
    const unexpected = [...codes.keys()].filter((code) => !['ok', 'timeout', 'throttled', 'rate_limited', 'network', 'budget', 'unavailable', 'service_error', 'not_found'].includes(code));
    expect(unexpected).toEqual([]);
    // Memory stays bounded because nothing accumulates: once the stalls end, no call is left running.
    const dispatch = core.dispatch as Dispatch;
    for (let i = 0; i < 400 && dispatch.busyClients() > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dispatch.busyClients()).toBe(0);
  }, 240_000);
});
