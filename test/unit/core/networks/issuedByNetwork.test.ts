/**
 * The account registry keeps what services issued (credentials hint, proxies) per network: the
 * views carry the current network's, services write their own network's, and an older
 * accounts.json's values become the sandbox's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../../src/main/core/accounts/accountRegistry';
import { clobCredentialsRecordId, perpsProxyRecordId } from '../../../../src/main/core/accounts/recordIds';
import type { AccountView } from '../../../../src/shared/custodyViews';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'issued-'));
  dirs.push(dir);
  return dir;
}

const CLOB = { apiKeyHint: '••••cafe', nonce: 0, createdAt: 10 };
const PROXY = { proxyAddress: '0x1111111111111111111111111111111111111111', label: 'Bot', expiresAt: 99, createdAt: 10, referralCode: null };
const account = (id: string, issued: Partial<AccountView> = {}): AccountView => ({
  id, label: id, address: `0x${id.padStart(40, '0')}`, kind: 'key', signatureType: 'EOA', funder: null,
  clobCredentials: null, perpsProxies: [], createdAt: 1, ...issued,
});

describe('what was issued, per network', () => {
  it('an older accounts.json: its credentials and proxies become the sandbox\'s, once', () => {
    const dir = tempDir();
    const file = join(dir, 'accounts.json');
    writeFileSync(file, JSON.stringify({ accounts: [account('a1', { clobCredentials: CLOB, perpsProxies: [PROXY] }), account('a2')], activeAccountId: 'a1' }));
    let network = 'sandbox';
    const registry = new AccountRegistry(dir, () => network);
    expect(registry.get('a1')).toMatchObject({ clobCredentials: CLOB, perpsProxies: [PROXY] });
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as { accounts: AccountView[]; issuedByNetwork: unknown };
    expect(onDisk.issuedByNetwork).toEqual({ sandbox: { a1: { clobCredentials: CLOB, perpsProxies: [PROXY] } } });
    expect(onDisk.accounts[0]).toMatchObject({ clobCredentials: null, perpsProxies: [] });

    // Another network sees the same accounts with nothing issued.
    network = 'remote';
    expect(registry.all().map((a) => [a.id, a.clobCredentials, a.perpsProxies])).toEqual([['a1', null, []], ['a2', null, []]]);
    // Opening again does not carry anything twice.
    const again = readFileSync(file, 'utf8');
    new AccountRegistry(dir);
    expect(readFileSync(file, 'utf8')).toBe(again);
  });

  it('a service writes its own network; the views follow the current network; removal forgets every network', () => {
    const dir = tempDir();
    let network = 'sandbox';
    const registry = new AccountRegistry(dir, () => network);
    registry.add(account('a1'));
    registry.updateIssued('remote', 'a1', (issued) => ({ ...issued, clobCredentials: { ...CLOB, apiKeyHint: '••••beef' } }));
    expect(registry.get('a1').clobCredentials).toBeNull();
    expect(registry.issued('remote', 'a1').clobCredentials?.apiKeyHint).toBe('••••beef');

    // An update through the view (a rename, a proxy list change) lands on the current network only.
    network = 'remote';
    registry.update('a1', (a) => ({ ...a, label: 'Renamed', perpsProxies: [PROXY] }));
    expect(registry.issued('remote', 'a1').perpsProxies).toEqual([PROXY]);
    expect(registry.issued('sandbox', 'a1')).toEqual({ clobCredentials: null, perpsProxies: [] });
    network = 'sandbox';
    expect(registry.get('a1')).toMatchObject({ label: 'Renamed', clobCredentials: null, perpsProxies: [] });

    registry.remove('a1');
    expect(registry.all()).toEqual([]);
    const onDisk = JSON.parse(readFileSync(join(dir, 'accounts.json'), 'utf8')) as { issuedByNetwork: unknown };
    expect(onDisk.issuedByNetwork).toEqual({});
  });

  it('vault record ids: the sandbox keeps the v1 ids, another network\'s never collide with them', () => {
    expect(clobCredentialsRecordId('acc-1', 'sandbox')).toBe('clob:acc-1');
    expect(clobCredentialsRecordId('acc-1', 'remote')).toBe('clob.remote:acc-1');
    expect(perpsProxyRecordId('acc-1', PROXY.proxyAddress, 'sandbox')).toBe(`proxy:acc-1:${PROXY.proxyAddress}`);
    expect(perpsProxyRecordId('acc-1', PROXY.proxyAddress, 'remote')).toBe(`proxy.remote:acc-1:${PROXY.proxyAddress}`);
    // The longest network id with a UUID account id and an address still fits the vault's 128-character ids.
    expect(perpsProxyRecordId('3f2b9c1e-0000-4000-8000-123456789abc', PROXY.proxyAddress, 'n'.repeat(40)).length).toBeLessThanOrEqual(128);
  });
});
