/**
 * Finding 2 of issue 7, the other half: at most one key derivation in flight per process, and
 * keystore import and export go through the same gate as the vault's password checks. Before,
 * each derivation ran at once, side by side (scrypt at geth's standard cost is 256 MiB each).
 * Derivations are counted at the library (@noble/hashes), so none can bypass the count.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Pbkdf2 from '@noble/hashes/pbkdf2.js';
import type * as Scrypt from '@noble/hashes/scrypt.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportKeystoreV3, importKeystoreV3 } from '../../src/main/core/custody';
import type { AccountsState } from '../../src/shared/custodyViews';
import { callOk, startHarness, waitFor, type Harness } from '../integration/core/coreHarness';
import { derivations } from './derivationCounter';

vi.mock('@noble/hashes/scrypt.js', async (importOriginal) => {
  const { counted } = await import('./derivationCounter');
  const real = await importOriginal<typeof Scrypt>();
  return { ...real, scryptAsync: counted(real.scryptAsync) };
});
vi.mock('@noble/hashes/pbkdf2.js', async (importOriginal) => {
  const { counted } = await import('./derivationCounter');
  const real = await importOriginal<typeof Pbkdf2>();
  return { ...real, pbkdf2Async: counted(real.pbkdf2Async) };
});

type Vector = { json: Record<string, unknown>; password: string; priv: string };
const vectors = JSON.parse(readFileSync(path.resolve(__dirname, '../fixtures/custody/geth-v3-test-vectors.json'), 'utf8')) as Record<string, Vector>;
const pbkdf2Vector = vectors.wikipage_test_vector_pbkdf2!;
const KEY = Uint8Array.from(Buffer.from('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'hex'));
const MEDIUM = { N: 2 ** 15, r: 8, p: 1 };
const PASSWORD = 'correct horse battery staple';

describe('the process-wide KDF gate', () => {
  it('runs keystore exports and imports (scrypt and PBKDF2) one at a time, each still succeeding', async () => {
    derivations.reset();
    const [a, b, imported] = await Promise.all([
      exportKeystoreV3(KEY, 'export one', { scrypt: MEDIUM }),
      exportKeystoreV3(KEY, 'export two', { scrypt: MEDIUM }),
      importKeystoreV3(pbkdf2Vector.json, pbkdf2Vector.password),
    ]);
    expect(derivations.started).toBe(3);
    expect(derivations.peak).toBe(1);
    expect(a.address).toBe(b.address);
    expect(Buffer.from(imported.privateKey).toString('hex')).toBe(pbkdf2Vector.priv);
  }, 60_000);

  it('queues at most two behind the running derivation and refuses the rest with `throttled`', async () => {
    derivations.reset();
    const settled = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => exportKeystoreV3(KEY, `export ${i}`, { scrypt: MEDIUM })));
    const refused = settled.filter((s) => s.status === 'rejected').map((s) => (s as PromiseRejectedResult).reason as { code: string; message: string });
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const error of refused) {
      expect(error).toMatchObject({ code: 'throttled', message: expect.stringMatching(/^Another key derivation is running: try again in \d+ s\.$/) });
    }
    expect(derivations.peak).toBe(1);
  }, 60_000);
});

describe('through the core', () => {
  let harness: Harness;
  let accountId: string;
  beforeAll(async () => {
    harness = await startHarness({ simulate: false });
    await callOk(harness, 'createVault', { password: PASSWORD });
    accountId = (await callOk<AccountsState>(harness, 'createAccount', { label: 'Main' })).accounts[0]!.id;
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('a password check while a keystore import derives is refused, not run alongside it', async () => {
    const keystore = await exportKeystoreV3(Uint8Array.from(Buffer.from('59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d', 'hex')), 'keystore pass', {
      scrypt: { N: 2 ** 16, r: 8, p: 1 },
    });
    derivations.reset();
    const importing = harness.core.dispatch('importKeystoreAccount', { label: 'From keystore', keystoreJson: JSON.stringify(keystore), keystorePassword: 'keystore pass' }, { clientId: 'w' });
    await waitFor(() => derivations.inFlight > 0);
    const removal = await harness.core.dispatch('removeAccount', { accountId, password: PASSWORD }, { clientId: 'w' });
    expect(removal).toMatchObject({ ok: false, error: { code: 'throttled', message: expect.stringMatching(/try again in \d+ s/) } });
    expect(await importing).toMatchObject({ ok: true });
    expect(derivations.peak).toBe(1);
    // The refused check was not evaluated: the right password works once the import is done.
    expect((await callOk<AccountsState>(harness, 'removeAccount', { accountId, password: PASSWORD })).accounts.map((a) => a.label)).toEqual(['From keystore']);
  }, 60_000);
});
