// The fuses electron-builder flips, as data, against the recommendations of Electron's fuses
// guide (docs/tutorial/fuses.md) and security checklist ("Check which fuses you can change").
// loadBrowserProcessSpecificV8Snapshot and wasmTrapHandlers are left at Electron's defaults: the
// guide recommends no change for them, and the app ships no custom V8 snapshot.
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import config, { electronFuses } from '../../../electron-builder';
import { FUSE_OPTION_OF } from '../../../scripts/release/fuseOptions';

/** Each fuse: the value the guide recommends, its @electron/fuses option, and the guide's reason. */
const GUIDE = [
  { key: 'runAsNode', value: false, option: 'RunAsNode', why: 'ELECTRON_RUN_AS_NODE turns the signed binary into a plain Node' },
  { key: 'enableCookieEncryption', value: true, option: 'EnableCookieEncryption', why: 'cookies encrypted at rest with the OS keys' },
  { key: 'enableNodeOptionsEnvironmentVariable', value: false, option: 'EnableNodeOptionsEnvironmentVariable', why: 'NODE_OPTIONS can inject code' },
  { key: 'enableNodeCliInspectArguments', value: false, option: 'EnableNodeCliInspectArguments', why: '--inspect and SIGUSR1 open a debugger' },
  { key: 'enableEmbeddedAsarIntegrityValidation', value: true, option: 'EnableEmbeddedAsarIntegrityValidation', why: 'app.asar checked against its signed hash' },
  { key: 'onlyLoadAppFromAsar', value: true, option: 'OnlyLoadAppFromAsar', why: 'no unvalidated app folder is loaded instead' },
  { key: 'grantFileProtocolExtraPrivileges', value: false, option: 'GrantFileProtocolExtraPrivileges', why: 'pages are served from app://, not file://' },
] as const;

describe('fuses', () => {
  it('are the ones the builder configuration flips', () => {
    expect(config.electronFuses).toBe(electronFuses);
  });

  it('follow the guide for every fuse it recommends a value for, and nothing else', () => {
    expect(electronFuses).toEqual(Object.fromEntries(GUIDE.map(({ key, value }) => [key, value])));
  });

  it('name fuses @electron/fuses knows (electron-builder maps each key to one)', () => {
    for (const { option } of GUIDE) expect(FuseV1Options[option], option).toBeTypeOf('number');
    expect(new Set(GUIDE.map(({ option }) => FuseV1Options[option])).size).toBe(GUIDE.length);
    expect(FUSE_OPTION_OF).toEqual(Object.fromEntries(GUIDE.map(({ key, option }) => [key, option])));
  });
});
