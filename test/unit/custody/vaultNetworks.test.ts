import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DuplicateRecordError, InvalidRecordError } from '../../../src/main/core/custody/errors';
import { createVault, openVault } from '../../../src/main/core/custody/vault';
import { NETWORK_ID_PATTERN } from '../../../src/main/core/custody/vaultFormat';
import { networkProfileIdSchema } from '../../../src/shared/networkProfiles';
import { caught, CLOB, LIGHT_KDF, PASSWORD, PROXY, signingKey, tempDir } from './helpers';

describe('vault records per network (format v2)', () => {
  it('one set of order-book credentials per account PER NETWORK; the same proxy may exist once per network', async () => {
    const file = path.join(await tempDir(), 'vault.json');
    const vault = await createVault(file, PASSWORD, { kdf: LIGHT_KDF });
    await vault.putRecord({ id: 'clob-sandbox', accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB });
    const remote = { ...CLOB, apiKey: 'remote-api-key-5678' };
    await vault.putRecord({ id: 'clob-remote', accountId: 'acct-a', kind: 'clobCredentials', network: 'remote', credentials: remote });
    const twice = await caught(() =>
      vault.putRecord({ id: 'clob-remote-2', accountId: 'acct-a', kind: 'clobCredentials', network: 'remote', credentials: CLOB }),
    );
    expect(twice).toBeInstanceOf(DuplicateRecordError);
    expect(twice.message).toMatch(/order-book credentials on network "remote"/);

    await vault.putRecord({ id: 'proxy-sandbox', accountId: 'acct-a', kind: 'perpsProxy', network: 'sandbox', proxy: PROXY });
    await vault.putRecord({ id: 'proxy-remote', accountId: 'acct-a', kind: 'perpsProxy', network: 'remote', proxy: PROXY });
    expect(await caught(() => vault.putRecord({ id: 'proxy-x', accountId: 'acct-a', kind: 'perpsProxy', network: 'remote', proxy: PROXY }))).toBeInstanceOf(
      DuplicateRecordError,
    );

    // A replacement stays on its record's network.
    const moved = await caught(() =>
      vault.putRecord({ id: 'clob-remote', accountId: 'acct-a', kind: 'clobCredentials', network: 'sandbox', credentials: CLOB, replace: true }),
    );
    expect(moved).toBeInstanceOf(InvalidRecordError);

    vault.lock();
    const reopened = await openVault(file);
    await reopened.unlockWithPassword(PASSWORD);
    const sandbox = await reopened.getRecord('clob-sandbox');
    const onRemote = await reopened.getRecord('clob-remote');
    expect(sandbox.network).toBe('sandbox');
    expect(sandbox.kind === 'clobCredentials' && sandbox.credentials).toEqual(CLOB);
    expect(onRemote.network).toBe('remote');
    expect(onRemote.kind === 'clobCredentials' && onRemote.credentials).toEqual(remote);
    expect(reopened.listRecords().map((r) => `${r.id}@${r.network}`)).toEqual([
      'clob-sandbox@sandbox',
      'clob-remote@remote',
      'proxy-sandbox@sandbox',
      'proxy-remote@remote',
    ]);
  });

  it('issued records need a valid network; a signing key takes none (shared by all networks)', async () => {
    const vault = await createVault(path.join(await tempDir(), 'vault.json'), PASSWORD, { kdf: LIGHT_KDF });
    for (const attempt of [
      () => vault.putRecord({ accountId: 'a', kind: 'clobCredentials', credentials: CLOB }),
      () => vault.putRecord({ accountId: 'a', kind: 'perpsProxy', network: 'Not A Network!', proxy: PROXY }),
      () => vault.putRecord({ accountId: 'a', kind: 'signingKey', network: 'sandbox', privateKey: signingKey() }),
    ]) {
      expect(await caught(attempt)).toBeInstanceOf(InvalidRecordError);
    }
    expect(vault.listRecords()).toEqual([]);
  });

  it('the vault accepts exactly the network ids a profile may have (its own copy of the rule)', () => {
    for (const id of ['sandbox', 'custom', 'prod-1', '0net', 'a'.repeat(40), 'a'.repeat(41), 'Prod', '-x', 'a.b', 'a:b', '', 'ünï']) {
      expect(NETWORK_ID_PATTERN.test(id), id).toBe(networkProfileIdSchema.safeParse(id).success);
    }
  });
});
