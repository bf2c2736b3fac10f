/**
 * Finding 8 (perps domain): the client signed perps operations under whatever EIP-712 domain the
 * server's `GET /v1/info/exchange` announced, so whoever answered on the perps URL chose what the
 * owner key signed. The domain is now pinned in the network profile; a server that announces
 * another one is refused with an error naming the field, before anything is signed or stored.
 *
 * A tiny loopback proxy in front of the real sandbox's perps service rewrites the exchange info
 * and records every request that reaches the exchange.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pinnedPerpsDomain } from '../../src/main/core/accounts/perpsDomainPin';
import type { Core } from '../../src/main/core/coreApi';
import { createCore } from '../../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import { SANDBOX_PERPS_DOMAIN } from '../../src/main/core/network';
import { networkProfileSchema, newProfileDefaults } from '../../src/shared/networkProfiles';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/start';
import type { AccountsState } from '../../src/shared/custodyViews';
import { LIGHT_KDF } from '../integration/core/coreHarness';

type Rewrite = (info: Record<string, unknown>) => unknown;

interface ExchangeInterceptor {
  url: string;
  /** `METHOD /path` of every request forwarded to the exchange. */
  seen: string[];
  rewrite: Rewrite;
  close(): Promise<void>;
}

/** Forwards everything to `target`, passing the exchange info through `rewrite` on the way back. */
async function interceptExchange(target: string): Promise<ExchangeInterceptor> {
  const state: ExchangeInterceptor = { url: '', seen: [], rewrite: (info) => info, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      state.seen.push(`${req.method} ${path}`);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const headers = req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : undefined;
      void fetch(`${target}${path}`, { method: req.method ?? 'GET', ...(headers ? { headers } : {}), ...(body ? { body } : {}), signal: AbortSignal.timeout(10_000) })
        .then(async (upstream) => {
          let text = await upstream.text();
          if (path === '/v1/info/exchange') text = JSON.stringify(state.rewrite(JSON.parse(text) as Record<string, unknown>));
          res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return state;
}

let sandbox: RunningSandbox;
let interceptor: ExchangeInterceptor;
let core: Core;
let dataDir: string;

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await core.dispatch(channel, input, { clientId: 'test-window' });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
async function failure(channel: string, input: unknown) {
  const result = await core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
}
const proxiesOfActive = (state: AccountsState) => state.accounts.find((a) => a.id === state.activeAccountId)!.perpsProxies;
const vaultBytes = () => readFileSync(join(dataDir, 'marketdesk.vault'));
const signedOpsSeen = () => interceptor.seen.filter((line) => line.includes('/v1/account/proxy'));

beforeAll(async () => {
  // A real sandbox; the core reaches its perps service only through the interceptor.
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  interceptor = await interceptExchange(sandbox.urls.perps);
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-perps-pin-'));
  core = await createCore({
    dataDir,
    serviceUrls: { ...sandbox.urls, perps: interceptor.url, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
  });
  await call('createVault', { password: 'correct horse battery staple' });
  await call('createAccount', { label: 'Owner' });
});

afterEach(() => {
  interceptor.rewrite = (info) => info;
  interceptor.seen.length = 0;
});

afterAll(async () => {
  await core?.stop();
  await interceptor?.close();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the sandbox network pins its perps signing domain', () => {
  it.each([7, 12_345])('the embedded sandbox (seed %i) serves exactly the pinned domain', async (seed) => {
    const other = await startSandbox({ seed, port: 0, simulate: false });
    try {
      const info = (await (await fetch(`${other.urls.perps}/v1/info/exchange`)).json()) as Record<string, unknown>;
      expect(info).toEqual({
        name: SANDBOX_PERPS_DOMAIN.name,
        version: SANDBOX_PERPS_DOMAIN.version,
        chain_id: SANDBOX_PERPS_DOMAIN.chainId,
        contract: SANDBOX_PERPS_DOMAIN.verifyingContract,
      });
    } finally {
      await other.stop();
    }
  });
});

describe('a perps server that announces another domain is refused', () => {
  it.each([
    ['name', (info: Record<string, unknown>) => ({ ...info, name: 'Marketdesk Sandbox Perps ' }), 'name differs'],
    ['version', (info: Record<string, unknown>) => ({ ...info, version: '2' }), 'version differs'],
    ['chain_id', (info: Record<string, unknown>) => ({ ...info, chain_id: 1 }), 'chainId differs'],
    ['chain_id as text', (info: Record<string, unknown>) => ({ ...info, chain_id: '137' }), 'chainId differs'],
    ['contract', (info: Record<string, unknown>) => ({ ...info, contract: '0x000000000000000000000000000000000000dEaD' }), 'verifyingContract differs'],
    ['everything', () => ['not', 'an', 'object'], 'name, version, chainId, verifyingContract differ'],
  ] as const)('altered %s: proxy creation refused, nothing signed, nothing written', async (_what, rewrite, named) => {
    interceptor.rewrite = rewrite;
    const before = vaultBytes();
    const error = await failure('createPerpsProxy', { label: 'Bot', expiryDays: 30 });
    expect(error.code).toBe('bad_response');
    expect(error.message).toContain(`(${named})`);
    expect(error.message).toContain('nothing was signed');
    // The server's own values are not repeated back to the user.
    expect(error.message).not.toMatch(/dEaD|not, an/);
    expect(interceptor.seen).toContain('GET /v1/info/exchange');
    expect(signedOpsSeen()).toEqual([]);
    expect(vaultBytes().equals(before)).toBe(true);
    expect(proxiesOfActive(await call<AccountsState>('listAccounts', {}))).toEqual([]);
  });

  it('accepts the pinned domain with the contract in any letter case, and signs under it', async () => {
    interceptor.rewrite = (info) => ({ ...info, contract: String(info.contract).toLowerCase() });
    const created = await call<AccountsState>('createPerpsProxy', { label: 'Bot', expiryDays: 30 });
    expect(proxiesOfActive(created)).toHaveLength(1);
    // The sandbox verified the signature under its (pinned) domain and accepted it.
    expect(signedOpsSeen()).toEqual(['POST /v1/account/proxy']);
    // Deleting is checked the same way: altered again, the delete is refused before signing.
    interceptor.rewrite = (info) => ({ ...info, version: '9' });
    interceptor.seen.length = 0;
    const error = await failure('deletePerpsProxy', { proxyAddress: proxiesOfActive(created)[0]!.proxyAddress });
    expect(error).toMatchObject({ code: 'bad_response', message: expect.stringContaining('(version differs)') });
    expect(signedOpsSeen()).toEqual([]);
  });
});

describe('a perps transfer under an altered domain', () => {
  it('is refused at the preview, before anything is held or signed', async () => {
    const created = await call<AccountsState>('createPerpsProxy', { label: 'Mover', expiryDays: 30 });
    expect(proxiesOfActive(created).length).toBeGreaterThan(0);
    interceptor.rewrite = (info) => ({ ...info, contract: '0x000000000000000000000000000000000000dEaD' });
    const error = await failure('previewPerpsTransfer', {
      fromAccountId: created.activeAccountId, to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', asset: 'USDC', amount: '1',
    });
    expect(error).toMatchObject({ code: 'bad_response', message: expect.stringContaining('(verifyingContract differs); nothing was signed') });
    expect(interceptor.seen.filter((line) => line.includes('/v1/account/internal-transfer'))).toEqual([]);
  });
});

describe('a network profile carries its own pin', () => {
  const mine = {
    id: 'mine', label: 'Mine', urls: { clob: 'https://clob.example', catalog: 'https://catalog.example', analytics: 'https://a.example', perps: 'https://p.example' },
    ...newProfileDefaults(),
  };

  it('keeps a well-formed perps domain and rejects a malformed one', () => {
    const perpsDomain = { name: 'Perps', version: '1', chainId: 42_161, verifyingContract: '0x000000000000000000000000000000000000bEEF' };
    expect(networkProfileSchema.parse({ ...mine, perpsDomain }).perpsDomain).toEqual(perpsDomain);
    expect(networkProfileSchema.safeParse({ ...mine, perpsDomain: { ...perpsDomain, verifyingContract: '0x1234' } }).success).toBe(false);
    expect(networkProfileSchema.safeParse({ ...mine, perpsDomain: { ...perpsDomain, chainId: '1' } }).success).toBe(false);
    expect(networkProfileSchema.safeParse({ ...mine, perpsDomain: { ...perpsDomain, extra: 1 } }).success).toBe(false);
  });

  it('refuses to sign when the profile pins no domain, whatever the server says', () => {
    const served = { name: 'Perps', version: '1', chain_id: 1, contract: '0x000000000000000000000000000000000000bEEF' };
    expect(() => pinnedPerpsDomain(null, served)).toThrow(/pins no perpetuals signing domain/);
  });
});
