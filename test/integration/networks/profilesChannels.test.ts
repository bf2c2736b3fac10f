/**
 * Settings → Networks through the bridge of a real core: save, list, delete (not the active
 * one), export and import a file (all or nothing, each refused profile with its reasons), the
 * change event, and the connection test of an unsaved profile against a second sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../src/shared/contract';
import {
  newProfileDefaults,
  type ConnectionTestReport,
  type NetworkProfile,
  type NetworkProfilesExport,
  type NetworkProfilesImportResult,
  type NetworkProfilesView,
} from '../../../src/shared/networkProfiles';
import { startSandbox } from '../../../src/sandbox/start';
import { SANDBOX_PERPS_DOMAIN } from '../../../src/main/core/network';
import { startHarness, type Harness } from '../core/coreHarness';
import { AnsweringConfirmations } from '../core/answeringConfirmations';

let harness: Harness;
let remote: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  // Imports and edits of where a profile points are asked in main's surface: the user says yes.
  harness = await startHarness({ simulate: false, confirmationSurface: new AnsweringConfirmations('yes') });
  remote = await startSandbox({ seed: 3, port: 0, simulate: false });
});
afterAll(async () => {
  await harness?.stop();
  await remote?.stop();
});

async function call<T>(channel: ChannelName, input: unknown): Promise<T> {
  const result = await harness.core.dispatch(channel, input, { clientId: 'profiles' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}
async function refusal(channel: ChannelName, input: unknown) {
  const result = await harness.core.dispatch(channel, input, { clientId: 'profiles' });
  expect(result.ok).toBe(false);
  return result.ok ? null : result.error;
}

const profileFor = (id: string, label: string): NetworkProfile => ({
  id, label, urls: { ...remote.urls }, ...newProfileDefaults(), perpsDomain: { ...SANDBOX_PERPS_DOMAIN },
});

describe('network profiles over the bridge', () => {
  it('starts with the sandbox only, active', async () => {
    expect(await call<NetworkProfilesView>('listNetworkProfiles', {})).toEqual({ activeId: 'sandbox', sandbox: { id: 'sandbox', label: 'Sandbox' }, profiles: [] });
  });

  it('tests an unsaved profile: every check passes against the second sandbox', async () => {
    const report = await call<ConnectionTestReport>('testNetworkProfile', { profile: profileFor('remote', 'Remote') });
    expect(report.passed).toBe(true);
    expect(report.checks).toHaveLength(6);
  });

  it('refuses a remote http:// URL before anything is saved or sent', async () => {
    const profile = profileFor('plain', 'Plain');
    const error = await refusal('saveNetworkProfile', { profile: { ...profile, urls: { ...profile.urls, clob: 'http://clob.example.com' } } });
    expect(error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('must use https://') });
    expect((await call<NetworkProfilesView>('listNetworkProfiles', {})).profiles).toEqual([]);
  });

  it('saves, announces, exports and re-imports profiles; deletes one, never the sandbox', async () => {
    const before = harness.events.length;
    await call('saveNetworkProfile', { profile: profileFor('remote', 'Remote') });
    const view = await call<NetworkProfilesView>('saveNetworkProfile', { profile: profileFor('staging', 'Staging') });
    expect(view.profiles.map((p) => p.id)).toEqual(['remote', 'staging']);
    expect(harness.events.slice(before).filter((e) => e.event === 'networkProfilesChanged')).toHaveLength(2);

    const exported = await call<NetworkProfilesExport>('exportNetworkProfiles', {});
    expect(exported).toMatchObject({ count: 2, fileName: expect.stringMatching(/^marketdesk-networks-\d{4}-\d{2}-\d{2}\.json$/) });
    expect(JSON.parse(exported.text!)).toMatchObject({ format: 'marketdesk-network-profiles', version: 1 });

    // Existing ids are refused unless the user chose to replace them: nothing is written.
    const clash = await call<NetworkProfilesImportResult>('importNetworkProfiles', { fileText: exported.text });
    expect(clash.imported).toEqual([]);
    expect(clash.refused.map((r) => [r.position, r.id])).toEqual([[1, 'remote'], [2, 'staging']]);
    expect(clash.refused[0]!.problems[0]).toMatch(/already exists/);
    const replaced = await call<NetworkProfilesImportResult>('importNetworkProfiles', { fileText: exported.text, replaceExisting: true });
    expect(replaced).toMatchObject({ imported: ['remote', 'staging'], refused: [], fileProblem: null });

    expect(await refusal('deleteNetworkProfile', { id: 'sandbox' })).toMatchObject({ code: 'invalid_input' });
    expect((await call<NetworkProfilesView>('deleteNetworkProfile', { id: 'staging' })).profiles.map((p) => p.id)).toEqual(['remote']);
  });

  it('imports nothing when one profile of the file is bad, and says what is wrong with each', async () => {
    const good = profileFor('good-one', 'Good');
    const file = {
      format: 'marketdesk-network-profiles',
      version: 1,
      profiles: [
        good,
        { ...profileFor('bad-url', 'Bad URL'), urls: { ...remote.urls, analytics: 'http://analytics.example.com' } },
        { ...profileFor('sandbox', 'Fake sandbox') },
        { ...profileFor('bad-contract', 'Bad contract'), contracts: { ...good.contracts, exchange: '0x1234' } },
      ],
    };
    const result = await call<NetworkProfilesImportResult>('importNetworkProfiles', { fileText: JSON.stringify(file) });
    expect(result.imported).toEqual([]);
    expect(result.refused).toEqual([
      { position: 2, id: 'bad-url', label: 'Bad URL', problems: [expect.stringMatching(/^urls\.analytics: must use https:\/\//)] },
      { position: 3, id: 'sandbox', label: 'Fake sandbox', problems: ['id: "sandbox" belongs to the embedded sandbox'] },
      { position: 4, id: 'bad-contract', label: 'Bad contract', problems: ['contracts.exchange: a 0x-prefixed 20-byte hex address'] },
    ]);
    expect(result.view.profiles.map((p) => p.id)).toEqual(['remote']);
  });

  it('says what is wrong with a file that is not a profiles file', async () => {
    expect((await call<NetworkProfilesImportResult>('importNetworkProfiles', { fileText: 'not json' })).fileProblem).toBe('The file is not JSON.');
    const other = await call<NetworkProfilesImportResult>('importNetworkProfiles', { fileText: JSON.stringify({ format: 'x', version: 1, profiles: [] }) });
    expect(other.fileProblem).toBe('The file was not imported: format: this is not a Marketdesk network profiles file.');
  });
});
