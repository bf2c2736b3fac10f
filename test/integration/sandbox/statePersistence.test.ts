/**
 * The `stateFile` option over real loopback HTTP: credentials, proxies, salts and referral use
 * created by one sandbox still work, and stay used, in a new sandbox on the same file; a bad
 * file or a leftover temp file does not stop a start. And `--state-file` on the CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { clobAuthTypedData } from '../../../src/signing/clobAuth';
import { l2Signature } from '../../../src/signing/l2Hmac';
import {
  perpsOperationTypedData, type PerpsExchangeInfo, type PerpsOperationArgs, type PerpsOperationType,
} from '../../../src/signing/perpsOperations';
import { request } from './http';

const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
type Signer = typeof alice;

interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

const DAY_MS = 86_400_000;
const ROOT = join(import.meta.dirname, '..', '..', '..');

let dir: string;
let stateFile: string;
const running: RunningSandbox[] = [];
const children: ChildProcess[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'md-sandbox-restart-'));
  stateFile = join(dir, 'sandbox-state.json');
});
afterEach(async () => {
  vi.restoreAllMocks();
  // Never leave a sandbox behind, even when an assertion failed half-way.
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, stateFile });
  running.push(sandbox);
  return sandbox;
}

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

async function l1Headers(signer: Signer, nonce: number) {
  const timestamp = nowSeconds();
  const signature = await signer.signTypedData(clobAuthTypedData(137, { address: signer.address, timestamp, nonce: BigInt(nonce) }));
  return { SVC_ADDRESS: signer.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: String(nonce) };
}

function l2Headers(creds: Credentials, address: string, method: string, path: string) {
  const timestamp = nowSeconds();
  return {
    SVC_ADDRESS: address, SVC_SIGNATURE: l2Signature(creds.secret, timestamp, method, path), SVC_TIMESTAMP: timestamp,
    SVC_API_KEY: creds.apiKey, SVC_PASSPHRASE: creds.passphrase,
  };
}

const clob = (sandbox: RunningSandbox) => ({
  create: async (signer: Signer, nonce: number) =>
    request<Credentials>(`${sandbox.urls.clob}/auth/api-key`, { method: 'POST', headers: await l1Headers(signer, nonce) }),
  derive: async (signer: Signer, nonce: number) =>
    request<Credentials>(`${sandbox.urls.clob}/auth/derive-api-key`, { headers: await l1Headers(signer, nonce) }),
  list: (creds: Credentials, signer: Signer) =>
    request<{ apiKeys: string[] }>(`${sandbox.urls.clob}/auth/api-keys`, { headers: l2Headers(creds, signer.address, 'GET', '/auth/api-keys') }),
});

let proxySeq = 0;
const newProxy = () => `0x${(0xc000 + (proxySeq += 1)).toString(16).padStart(40, '0')}` as const;

function perps(sandbox: RunningSandbox) {
  const infoOf = async () => (await request<PerpsExchangeInfo>(`${sandbox.urls.perps}/v1/info/exchange`)).body;
  async function signedOp<T extends PerpsOperationType>(signer: Signer, type: T, args: PerpsOperationArgs[T], salt: number, extra: Record<string, unknown> = {}) {
    const ts = Date.now();
    const typedData = perpsOperationTypedData(await infoOf(), type, args, salt, ts) as unknown as Parameters<Signer['signTypedData']>[0];
    return { op: { type, args }, sig: await signer.signTypedData(typedData), salt, ts, ...extra };
  }
  const send = (method: 'POST' | 'DELETE', body: unknown) =>
    request<{ status: string; secret?: string; error?: string }>(`${sandbox.urls.perps}/v1/account/proxy`, {
      method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
  return {
    signedOp,
    send,
    createOp: (signer: Signer, salt: number, extra: Record<string, unknown> = {}, proxy: string = newProxy()) =>
      signedOp(signer, 'createProxy', { owner: signer.address, proxy: proxy as `0x${string}`, expiry: Date.now() + 30 * DAY_MS }, salt, extra),
    referral: (proxy: string, secret: string) =>
      request<Record<string, unknown>>(`${sandbox.urls.perps}/v1/account/referral`, { headers: { 'SERVICE-PROXY': proxy, 'SERVICE-SECRET': secret } }),
  };
}

describe('a restarted sandbox on the same stateFile', () => {
  it('keeps API keys, proxies, spent salts and referral use', async () => {
    const first = await start();
    const created = await clob(first).create(alice, 0);
    expect(created.status).toBe(200);
    const creds = created.body;
    const p1 = perps(first);
    const creation = await p1.createOp(alice, 501, { label: 'desk', code: 'welcome' });
    const made = await p1.send('POST', creation);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const proxySecret = made.body.secret!;
    const aliceReferral = (await p1.referral(creation.op.args.proxy, proxySecret)).body;
    expect(aliceReferral).toMatchObject({ parent: 'WELCOME', children_count: 0, referrals_left: 10 });
    await first.stop();

    // The file: this format, mode 0600, the API secret (the exchange must know it), never a proxy secret.
    const text = await readFile(stateFile, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'marketdesk-sandbox-state', version: 1 });
    expect((await stat(stateFile)).mode & 0o777).toBe(0o600);
    expect(text).toContain(creds.secret);
    expect(text).not.toContain(proxySecret);

    const second = await start();
    const c2 = clob(second);
    const listed = await c2.list(creds, alice);
    expect(listed.status).toBe(200);
    expect(listed.body.apiKeys).toEqual([creds.apiKey]);
    expect(await c2.derive(alice, 0)).toMatchObject({ status: 200, body: creds });
    expect(await c2.create(alice, 0)).toMatchObject({ status: 400, body: { error: 'Could not create api key' } });

    const p2 = perps(second);
    expect(await p2.referral(creation.op.args.proxy, proxySecret)).toMatchObject({ status: 200, body: aliceReferral });
    expect(await p2.send('POST', await p2.createOp(alice, 501))).toMatchObject({ status: 400, body: { status: 'err', error: 'duplicate_salt' } });
    // The proxy address is still taken; Alice's invite code (made by the first run) refers Bob.
    expect((await p2.send('POST', await p2.createOp(bob, 1, {}, creation.op.args.proxy))).body.error).toBe('proxy_exists');
    const bobProxy = await p2.createOp(bob, 2, { code: aliceReferral.code });
    const bobMade = await p2.send('POST', bobProxy);
    expect(bobMade.status, JSON.stringify(bobMade.body)).toBe(200);
    await second.stop();

    // Changes made by the restored run are saved too.
    const third = await start();
    const p3 = perps(third);
    expect((await p3.referral(creation.op.args.proxy, proxySecret)).body).toMatchObject({ children_count: 1, referrals_left: 9 });
    expect((await p3.referral(bobProxy.op.args.proxy, bobMade.body.secret!)).body).toMatchObject({ parent: aliceReferral.code });
    expect(await p3.send('POST', await p3.createOp(bob, 2))).toMatchObject({ status: 400, body: { error: 'duplicate_salt' } });
    // Deleting after a restart: the owner is known, the secret stops working, and that stays so.
    expect(await p3.send('DELETE', await p3.signedOp(alice, 'deleteProxy', { proxy: creation.op.args.proxy }, 502))).toMatchObject({ status: 200 });
    expect((await p3.referral(creation.op.args.proxy, proxySecret)).status).toBe(401);
    await third.stop();
    const fourth = await start();
    expect((await perps(fourth).referral(creation.op.args.proxy, proxySecret)).status).toBe(401);
  });

  it('saves shortly after a change, without waiting for stop()', async () => {
    const sandbox = await start();
    const created = (await clob(sandbox).create(bob, 3)).body;
    let saved = '';
    for (let waited = 0; waited < 3_000 && !saved.includes(created.apiKey); waited += 25) {
      await new Promise((r) => setTimeout(r, 25));
      saved = await readFile(stateFile, 'utf8').catch(() => '');
    }
    expect(saved).toContain(created.apiKey);
  });

  it('without stateFile, a new sandbox knows nothing of the old one', async () => {
    const a = await startSandbox({ seed: 7, port: 0, simulate: false });
    running.push(a);
    expect((await clob(a).create(alice, 0)).status).toBe(200);
    await a.stop();
    const b = await startSandbox({ seed: 7, port: 0, simulate: false });
    running.push(b);
    expect((await clob(b).derive(alice, 0)).status).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses an empty stateFile path', async () => {
    await expect(startSandbox({ stateFile: ' ' })).rejects.toThrow(/stateFile must be a non-empty path/);
  });
});

describe('a bad or half-written state file', () => {
  it('starts fresh from a corrupt file, keeps it as .corrupt-* and logs one line', async () => {
    const garbage = '{"format":"marketdesk-sandbox-state","version":1,"clobAuth":{"apiKeys":[{"addr';
    await writeFile(stateFile, garbage);
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const sandbox = await start();
    vi.restoreAllMocks();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[sandbox\] state file .*sandbox-state\.json is not a JSON object; starting fresh, the old file is kept as .*sandbox-state\.json\.corrupt-\S+\n$/);
    const copies = (await readdir(dir)).filter((n) => n.startsWith('sandbox-state.json.corrupt-'));
    expect(copies).toHaveLength(1);
    expect(await readFile(join(dir, copies[0]!), 'utf8')).toBe(garbage);

    expect((await clob(sandbox).derive(alice, 0)).status).toBe(400);
    const creds = (await clob(sandbox).create(alice, 0)).body;
    await sandbox.stop();
    expect(await readFile(join(dir, copies[0]!), 'utf8')).toBe(garbage);
    const again = await start();
    expect(await clob(again).derive(alice, 0)).toMatchObject({ status: 200, body: creds });
  });

  it('sets aside a file of an unknown version rather than reading or overwriting it', async () => {
    const future = JSON.stringify({ format: 'marketdesk-sandbox-state', version: 2, clobAuth: { apiKeys: [] } });
    await writeFile(stateFile, future);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const sandbox = await start();
    expect(process.stderr.write).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    expect((await clob(sandbox).create(alice, 0)).status).toBe(200);
    await sandbox.stop();
    const copies = (await readdir(dir)).filter((n) => n.startsWith('sandbox-state.json.corrupt-'));
    expect(await readFile(join(dir, copies[0]!), 'utf8')).toBe(future);
    expect(JSON.parse(await readFile(stateFile, 'utf8'))).toMatchObject({ version: 1 });
  });

  it('ignores and removes a temp file left by a crash mid-write', async () => {
    const first = await start();
    const creds = (await clob(first).create(alice, 4)).body;
    await first.stop();
    const leftover = join(dir, `.sandbox-state.json.${process.pid}-00aa00aa00aa.tmp`);
    await writeFile(leftover, '{"format":"marketdesk-sandbox-state","version":1,"clobAu');
    const second = await start();
    expect(await clob(second).derive(alice, 4)).toMatchObject({ status: 200, body: creds });
    // The lock file stays (deleting a lock file races with its next opener); the temp file is gone.
    expect((await readdir(dir)).filter((name) => !name.startsWith('sandbox-state.json.lock'))).toEqual(['sandbox-state.json']);
  });
});

describe('npm run sandbox -- --state-file', () => {
  it('saves on SIGINT and loads on the next start', async () => {
    const runCli = async () => {
      // One process, as `npm run sandbox` runs it: the tsx wrapper's signal relay can give up on a busy machine.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--no-simulate', '--state-file', stateFile], {
        cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      let out = '';
      const urls = await new Promise<{ clob: string }>((resolve, reject) => {
        child.stdout!.on('data', (d) => {
          out += String(d);
          if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as { clob: string });
        });
        child.on('exit', () => reject(new Error('the CLI exited before printing its URLs')));
      });
      const stop = () => {
        child.kill('SIGINT');
        return exited;
      };
      return { urls, stop };
    };
    const first = await runCli();
    const creds = (await request<Credentials>(`${first.urls.clob}/auth/api-key`, { method: 'POST', headers: await l1Headers(alice, 9) })).body;
    expect(await first.stop()).toBe(0);
    expect(await readFile(stateFile, 'utf8')).toContain(creds.apiKey);
    const second = await runCli();
    const derived = await request<Credentials>(`${second.urls.clob}/auth/derive-api-key`, { headers: await l1Headers(alice, 9) });
    expect(await second.stop()).toBe(0);
    expect(derived).toMatchObject({ status: 200, body: creds });
  }, 60_000);
});
