/**
 * The sandbox state file without HTTP: the store's load/save rules on a real temp directory, the
 * two domain sections' round trips and refusals, and the `--state-file` flag.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/sandbox/cliArgs';
import { apiKeySection, decodeApiKeys } from '../../../src/sandbox/clob/auth/apiKeyState';
import { ApiKeyStore } from '../../../src/sandbox/clob/auth/apiKeyStore';
import { decodePerpsAccounts, perpsAccountsSection } from '../../../src/sandbox/perps/perpsAccountsState';
import { createPerpsState } from '../../../src/sandbox/perps/perpsState';
import { SandboxStateStore, type StateSection, type StateStoreOptions } from '../../../src/sandbox/state/stateStore';
import { StateFormatError } from '../../../src/sandbox/state/stateFields';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'md-sandbox-state-'));
  file = join(dir, 'state.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A one-number domain: `bump()` changes it, `decoded` records what a load installed. */
function counterSection(key = 'counter') {
  let value = 0;
  let changed = () => {};
  const section: StateSection & { bump(): void; value(): number } = {
    key,
    encode: () => ({ value }),
    decode: (stored) => {
      const v = (stored as { value?: unknown }).value;
      if (!Number.isInteger(v)) throw new StateFormatError(`${key}.value must be an integer`);
      return () => {
        value = v as number;
      };
    },
    watch: (listener) => {
      changed = listener;
    },
    bump: () => {
      value += 1;
      changed();
    },
    value: () => value,
  };
  return section;
}

function open(sections: StateSection[], options: StateStoreOptions = {}) {
  const lines: string[] = [];
  const store = SandboxStateStore.open(file, sections, { saveDelayMs: 20, log: (line) => lines.push(line), ...options });
  return { store, lines };
}

const readJson = async (path = file) => JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
/** The directory's files, without the lock (`state.json.lock*`) the open store holds. */
const dataFiles = async () => (await readdir(dir)).filter((name) => !name.startsWith('state.json.lock'));
const corruptCopies = async () => (await readdir(dir)).filter((name) => name.startsWith('state.json.corrupt-'));

/** Waits (bounded) until `check` holds. */
async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 2_000): Promise<void> {
  for (let waited = 0; waited <= ms; waited += 10) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SandboxStateStore', () => {
  it('starts fresh without a file, writes nothing until a change, and coalesces a burst into one write', async () => {
    const counter = counterSection();
    const { store: opening, lines } = open([counter]);
    const store = await opening;
    expect(store.origin).toBe('new');
    await store.flush();
    expect(await dataFiles()).toEqual([]);
    for (let i = 0; i < 50; i += 1) counter.bump();
    await eventually(() => store.stats().writes === 1, 'the first save');
    await new Promise((r) => setTimeout(r, 60));
    expect(store.stats()).toEqual({ writes: 1, failedWrites: 0 });
    expect(await readJson()).toEqual({ format: 'marketdesk-sandbox-state', version: 1, savedAt: expect.any(String), counter: { value: 50 } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines).toEqual([]);
    await store.close();
  });

  it('flushes a pending change on close, ignores changes after it, and reloads what it wrote', async () => {
    const counter = counterSection();
    const store = await open([counter], { saveDelayMs: 60_000 }).store;
    counter.bump();
    counter.bump();
    await store.close();
    await store.close();
    expect(store.stats().writes).toBe(1);
    counter.bump();
    await store.flush();
    expect((await readJson()).counter).toEqual({ value: 2 });

    const again = counterSection();
    const reopened = await open([again]).store;
    expect(reopened.origin).toBe('loaded');
    expect(again.value()).toBe(2);
    await reopened.close();
    expect(reopened.stats().writes).toBe(0);
  });

  it('creates a missing directory and replaces a loose-mode file with a 0600 one', async () => {
    file = join(dir, 'nested', 'deeper', 'state.json');
    const counter = counterSection();
    const store = await open([counter]).store;
    counter.bump();
    await store.close();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await chmod(file, 0o644);
    const again = counterSection();
    const reopened = await open([again]).store;
    again.bump();
    await reopened.close();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('starts a domain fresh when its section is absent, and writes unknown sections back unchanged', async () => {
    await writeFile(file, JSON.stringify({ format: 'marketdesk-sandbox-state', version: 1, savedAt: 'x', later: { orders: [1, 2] } }));
    const counter = counterSection();
    const store = await open([counter]).store;
    expect(store.origin).toBe('loaded');
    expect(counter.value()).toBe(0);
    counter.bump();
    await store.close();
    expect(await readJson()).toMatchObject({ later: { orders: [1, 2] }, counter: { value: 1 } });
  });

  it.each([
    ['not JSON', '{"format": "marketdesk-sandbox-state", "version": 1, "counter": {', /is not a JSON object/],
    ['a JSON array', '[]', /is not a JSON object/],
    ['another format', JSON.stringify({ format: 'something-else', version: 1 }), /is not a marketdesk-sandbox-state file/],
    ['an unknown version', JSON.stringify({ format: 'marketdesk-sandbox-state', version: 2, counter: { value: 5 } }), /has unsupported version 2/],
    ['no version', JSON.stringify({ format: 'marketdesk-sandbox-state' }), /has unsupported version \(none\)/],
    ['an invalid section', JSON.stringify({ format: 'marketdesk-sandbox-state', version: 1, counter: { value: 'five' } }), /is invalid: counter\.value must be an integer/],
  ])('sets aside %s as <name>.corrupt-<timestamp>, logs one line and starts fresh', async (_label, text, reason) => {
    await writeFile(file, text);
    const counter = counterSection();
    const { store: opening, lines } = open([counter], { now: () => new Date('2026-11-01T12:00:00.000Z') });
    const store = await opening;
    expect(store.origin).toBe('set-aside');
    expect(counter.value()).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(reason);
    expect(lines[0]).toContain('starting fresh, the old file is kept as');
    expect(await corruptCopies()).toEqual(['state.json.corrupt-2026-11-01T12-00-00-000Z']);
    expect(await readFile(join(dir, 'state.json.corrupt-2026-11-01T12-00-00-000Z'), 'utf8')).toBe(text);
    counter.bump();
    await store.close();
    expect((await readJson()).counter).toEqual({ value: 1 });
    // A second bad file in the same millisecond does not overwrite the first copy.
    await writeFile(file, 'garbage');
    const second = await open([counterSection()], { now: () => new Date('2026-11-01T12:00:00.000Z') }).store;
    await second.close();
    expect((await corruptCopies()).sort()).toEqual(['state.json.corrupt-2026-11-01T12-00-00-000Z', 'state.json.corrupt-2026-11-01T12-00-00-000Z-1']);
  });

  it('applies a file completely or not at all', async () => {
    await writeFile(file, JSON.stringify({ format: 'marketdesk-sandbox-state', version: 1, a: { value: 3 }, b: { value: null } }));
    const a = counterSection('a');
    const b = counterSection('b');
    const store = await open([a, b]).store;
    expect(store.origin).toBe('set-aside');
    expect([a.value(), b.value()]).toEqual([0, 0]);
    await store.close();
  });

  it('removes temp files a crashed run left behind and loads the real file', async () => {
    const first = counterSection();
    const store = await open([first]).store;
    first.bump();
    await store.close();
    const leftovers = ['.state.json.4242-0123456789ab.tmp', '.state.json.1-ffffffffffff.tmp'];
    for (const name of leftovers) await writeFile(join(dir, name), '{"format": "marketdesk-sandbox-state", "vers');
    await writeFile(join(dir, 'unrelated.tmp'), 'keep me');
    const again = counterSection();
    const reopened = await open([again]).store;
    expect(reopened.origin).toBe('loaded');
    expect(again.value()).toBe(1);
    expect((await dataFiles()).sort()).toEqual(['state.json', 'unrelated.tmp']);
    await reopened.close();
  });

  it('logs a failed write once, keeps the change and saves it once writing works again', async () => {
    const blocker = join(dir, 'blocker');
    await writeFile(blocker, 'a file where the directory should be');
    file = join(blocker, 'state.json');
    const counter = counterSection();
    const { store: opening, lines } = open([counter]);
    const store = await opening;
    counter.bump();
    await store.flush();
    counter.bump();
    await store.flush();
    expect(store.stats()).toEqual({ writes: 0, failedWrites: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cannot save state file .*state\.json \(E[A-Z]+\); will retry on the next change$/);
    await rm(blocker);
    await mkdir(blocker);
    await store.close();
    expect(store.stats().writes).toBe(1);
    expect(lines[1]).toMatch(/is being saved again$/);
    expect((await readJson()).counter).toEqual({ value: 2 });
  });

  it('keeps state in memory only when a bad file cannot be moved aside', async () => {
    // A name so long that `<name>.corrupt-<timestamp>` exceeds the 255-byte limit: the rename
    // fails even for root (a read-only directory would not stop root).
    file = join(dir, `${'s'.repeat(240)}.json`);
    await writeFile(file, 'garbage');
    const counter = counterSection();
    const { store: opening, lines } = open([counter]);
    const store = await opening;
    expect(store.origin).toBe('memory-only');
    expect(lines[0]).toMatch(/cannot be moved aside; this run keeps its state in memory only$/);
    counter.bump();
    await store.close();
    expect(store.stats().writes).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('garbage');
  });

  it('refuses reserved and repeated section keys', async () => {
    await expect(open([counterSection('version')]).store).rejects.toThrow(/reserved or repeated/);
    await expect(open([counterSection('x'), counterSection('x')]).store).rejects.toThrow(/reserved or repeated/);
  });
});

const ALICE = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const BOB = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** encode → JSON text → decode → install, as a restart does. */
const roundTrip = (from: StateSection, to: StateSection) => to.decode(JSON.parse(JSON.stringify(from.encode())))();

describe('API key section (clobAuth)', () => {
  it('round-trips every key with its secret, passphrase and uint256 nonce, in creation order', () => {
    const before = new ApiKeyStore();
    const big = (1n << 256n) - 1n;
    const a = before.create(ALICE, 0n)!;
    const b = before.create(ALICE, big)!;
    const c = before.create(BOB, 0n)!;
    const after = new ApiKeyStore();
    roundTrip(apiKeySection(before), apiKeySection(after));
    expect(after.keysOf(ALICE)).toEqual([a.apiKey, b.apiKey]);
    expect(after.derive(ALICE.toUpperCase().replace('0X', '0x'), big)).toEqual(b);
    expect(after.get(c.apiKey)).toEqual(c);
    expect(after.create(ALICE, 0n)).toBeNull();
  });

  it('reports creates and deletes, not refusals', () => {
    const store = new ApiKeyStore();
    let changes = 0;
    apiKeySection(store).watch(() => (changes += 1));
    const key = store.create(ALICE, 0n)!;
    store.create(ALICE, 0n);
    store.delete(key.apiKey);
    store.delete(key.apiKey);
    expect(changes).toBe(2);
  });

  const record = { address: ALICE, nonce: '0', apiKey: 'k1', secret: 's', passphrase: 'p' };
  it.each([
    ['no list', {}, 'clobAuth.apiKeys must be an array'],
    ['a checksummed address', { apiKeys: [{ ...record, address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] }, 'clobAuth.apiKeys[0].address must be a string matching'],
    ['a numeric nonce', { apiKeys: [{ ...record, nonce: 0 }] }, 'clobAuth.apiKeys[0].nonce must be a string matching'],
    ['a nonce above uint256', { apiKeys: [{ ...record, nonce: (1n << 256n).toString() }] }, 'clobAuth.apiKeys[0].nonce exceeds uint256'],
    ['no secret', { apiKeys: [{ ...record, secret: undefined }] }, 'clobAuth.apiKeys[0].secret must be a non-empty string'],
    ['a repeated api key', { apiKeys: [record, { ...record, nonce: '1' }] }, 'clobAuth.apiKeys repeats k1'],
    ['a repeated nonce', { apiKeys: [record, { ...record, apiKey: 'k2' }] }, `clobAuth.apiKeys repeats ${ALICE}#0`],
  ])('refuses %s', (_label, stored, message) => {
    expect(() => decodeApiKeys(stored)).toThrow(StateFormatError);
    expect(() => decodeApiKeys(stored)).toThrow(message);
  });
});

describe('perps accounts section (perpsAccounts)', () => {
  const world = buildWorld(7);
  const PROXY = '0x000000000000000000000000000000000000bEEF';

  it('round-trips accounts, invite codes and their use, proxies (by secret digest) and spent salts', () => {
    const before = createPerpsState(world, { chainId: 137, now: () => 1_000 });
    const alice = before.ledger.openAccount('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 1_000);
    before.ledger.applyReferral(alice, 'WELCOME', 1_000);
    const code = before.ledger.inviteCodeOf(alice);
    const bob = before.ledger.openAccount('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 2_000);
    before.ledger.applyReferral(bob, code, 2_000);
    const secret = before.proxies.issue({ proxy: PROXY, owner: alice.address, expiryMs: 99_000, createdAtMs: 1_000, label: 'desk', code: 'WELCOME' });
    before.salts.spend(alice.address, 7);
    before.salts.spend(alice.address, 8);

    const text = JSON.stringify(perpsAccountsSection(before).encode());
    expect(text).not.toContain(secret);
    const after = createPerpsState(world, { chainId: 137, now: () => 1_000 });
    roundTrip(perpsAccountsSection(before), perpsAccountsSection(after));
    expect(after.proxies.secretMatches(PROXY.toLowerCase(), secret)).toBe(true);
    expect(after.proxies.secretMatches(PROXY, `${secret}x`)).toBe(false);
    expect(after.proxies.get(PROXY)).toEqual(before.proxies.get(PROXY));
    expect(after.ledger.referralOf(after.ledger.account(ALICE)!)).toEqual({ code, children_count: 1, referrals_left: 9, fee_share_rate: '0.2', parent: 'WELCOME' });
    expect(after.ledger.account(BOB)).toEqual(bob);
    expect(after.salts.has(ALICE.toUpperCase().replace('0X', '0x'), 7)).toBe(true);
    expect(after.salts.has(BOB, 7)).toBe(false);
    // House codes are still the world's, and Alice's code keeps counting down.
    expect(after.ledger.checkReferral('welcome', BOB, 3_000)).toEqual({ ok: true, code: 'WELCOME' });
    expect(after.ledger.checkReferral(code, '0x0000000000000000000000000000000000000001', 3_000)).toEqual({ ok: true, code });
  });

  it('reports every change worth saving, and only those', () => {
    const state = createPerpsState(world, { chainId: 137 });
    let changes = 0;
    perpsAccountsSection(state).watch(() => (changes += 1));
    const account = state.ledger.openAccount('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 0);
    state.ledger.openAccount('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 0);
    state.ledger.applyReferral(account, 'WELCOME', 0);
    state.ledger.applyReferral(account, 'WELCOME', 0);
    state.ledger.inviteCodeOf(account);
    state.ledger.referralOf(account);
    state.proxies.issue({ proxy: PROXY, owner: account.address, expiryMs: 1, createdAtMs: 0 });
    state.proxies.delete(PROXY);
    state.proxies.delete(PROXY);
    state.salts.spend(account.address, 1);
    state.salts.spend(account.address, 1);
    expect(changes).toBe(6);
  });

  const base = {
    accounts: [{ address: ALICE, createdAtMs: 0, childrenCount: 0, inviteCode: 'MDAAAA0000' }],
    referralCodes: [{ code: 'MDAAAA0000', owner: ALICE, left: 10 }],
    proxies: [{ proxy: PROXY, owner: ALICE, expiryMs: 1, createdAtMs: 0, secretSha256: 'ab'.repeat(32) }],
    spentSalts: { [ALICE]: [1, 2] },
  };
  it('accepts a consistent snapshot', () => {
    expect(decodePerpsAccounts(base).proxies).toHaveLength(1);
  });

  it.each([
    ['a proxy without an account', { ...base, proxies: [{ ...base.proxies[0], owner: BOB }] }, 'has no account'],
    ['an invite code missing from the codes', { ...base, referralCodes: [] }, 'is not among its referral codes'],
    ['a code without an account', { ...base, referralCodes: [...base.referralCodes, { code: 'MDB', owner: BOB, left: 1 }] }, 'referral code MDB has no account'],
    ['a short secret digest', { ...base, proxies: [{ ...base.proxies[0], secretSha256: 'ab' }] }, 'perpsAccounts.proxies[0].secretSha256 must be a string matching'],
    ['a negative expiry', { ...base, proxies: [{ ...base.proxies[0], expiryMs: -1 }] }, 'perpsAccounts.proxies[0].expiryMs must be a non-negative integer'],
    ['a repeated proxy', { ...base, proxies: [base.proxies[0], base.proxies[0]] }, 'perpsAccounts.proxies repeats'],
    ['a fractional salt', { ...base, spentSalts: { [ALICE]: [1.5] } }, `perpsAccounts.spentSalts.${ALICE}[0].salt must be a non-negative integer`],
    ['a salt owner that is not an address', { ...base, spentSalts: { alice: [1] } }, 'not a lower-case address: alice'],
    ['a bad account address', { ...base, accounts: [{ ...base.accounts[0], address: '0x12' }] }, 'perpsAccounts.accounts[0].address must be an address'],
  ])('refuses %s', (_label, stored, message) => {
    expect(() => decodePerpsAccounts(stored)).toThrow(StateFormatError);
    expect(() => decodePerpsAccounts(stored)).toThrow(message);
  });
});

describe('--state-file flag', () => {
  it('takes a path in both forms, and is absent by default', () => {
    expect(parseCliArgs(['--state-file', '/tmp/s.json']).kind === 'run' && (parseCliArgs(['--state-file', '/tmp/s.json']) as { options: { stateFile?: string } }).options.stateFile).toBe('/tmp/s.json');
    const inline = parseCliArgs(['--state-file=./state dir/s.json', '--seed', '3']);
    expect(inline).toEqual({ kind: 'run', options: { port: 0, seed: 3, host: '127.0.0.1', simulate: true, tickMs: 250, stateFile: './state dir/s.json' } });
    const none = parseCliArgs([]);
    expect(none.kind === 'run' && 'stateFile' in none.options).toBe(false);
  });

  it('needs a value', () => {
    expect(parseCliArgs(['--state-file'])).toEqual({ kind: 'error', message: '--state-file needs a value' });
    expect(parseCliArgs(['--state-file='])).toEqual({ kind: 'error', message: '--state-file needs a value' });
  });
});
