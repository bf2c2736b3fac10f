// The builder configuration is checked the way electron-builder checks it when a build starts:
// its own validator over its own JSON schema (app-builder-lib/scheme.json), so a misspelt or
// misplaced option fails here rather than on a release machine with the Electron binary.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import config, { appFiles, asarUnpack, builderConfig } from '../../../electron-builder';

type Validate = (config: unknown, debugLogger: unknown) => Promise<void>;
const require = createRequire(import.meta.url);
const builderLib = require.resolve('app-builder-lib/package.json', { paths: [require.resolve('electron-builder')] });
const { validateConfiguration } = require(builderLib.replace('package.json', 'out/util/config/config.js')) as {
  validateConfiguration: Validate;
};
const { DebugLogger } = require(require.resolve('builder-util', { paths: [builderLib] })) as {
  DebugLogger: new (enabled: boolean) => unknown;
};
const validate = (candidate: unknown) => validateConfiguration(structuredClone(candidate), new DebugLogger(false));

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own schema', async () => {
    await expect(validate(config)).resolves.toBeUndefined();
  }, 60_000);

  it('would be refused by that schema when an option is misspelt or misplaced', async () => {
    await expect(validate({ ...config, asarUnpak: ['**/*.node'] })).rejects.toThrow(/asarUnpak/);
    await expect(validate({ ...config, nsis: { ...config.nsis, target: 'dmg' } })).rejects.toThrow(/nsis/);
  }, 60_000);

  it('bakes the update feed and the Windows publisher in from the build environment, and passes the schema with them', async () => {
    const released = builderConfig({ MARKETDESK_UPDATE_FEED_URL: ' https://updates.example.com/marketdesk/ ', MARKETDESK_WIN_PUBLISHER: 'Marketdesk Contributors Ltd' });
    expect(released.publish).toEqual([{ provider: 'generic', url: 'https://updates.example.com/marketdesk/' }]);
    expect(released.win?.signtoolOptions).toEqual({ publisherName: 'Marketdesk Contributors Ltd' });
    expect(released.win?.target).toEqual(config.win?.target);
    await expect(validate(released)).resolves.toBeUndefined();
  }, 60_000);

  it('has no feed without the variable (no guessed GitHub feed either) and refuses anything but a plain https one', () => {
    const bare = builderConfig({});
    expect(bare.publish).toBeNull();
    expect(bare.win?.signtoolOptions).toBeUndefined();
    expect(() => builderConfig({ MARKETDESK_UPDATE_FEED_URL: 'http://updates.example.com/' })).toThrow(/https/);
    expect(() => builderConfig({ MARKETDESK_UPDATE_FEED_URL: 'https://u:p@updates.example.com/' })).toThrow(/https/);
    expect(() => builderConfig({ MARKETDESK_UPDATE_FEED_URL: 'updates.example.com' })).toThrow(/not an address/);
  });

  it('names the installers the issue asks for, per user on Windows, no schemes or associations', () => {
    const targets = (list: unknown) =>
      (list as Array<{ target: string; arch: string[] }>).map((t) => `${t.target}:${t.arch.join('+')}`);
    expect(targets(config.mac?.target)).toEqual(['dmg:arm64+x64', 'zip:arm64+x64']);
    expect(targets(config.win?.target)).toEqual(['nsis:x64', 'portable:x64']);
    expect(targets(config.linux?.target)).toEqual(['AppImage:x64', 'deb:x64']);
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
    expect(config.protocols).toEqual([]);
    expect(config.fileAssociations).toEqual([]);
    expect(config.mac?.hardenedRuntime).toBe(true);
  });

  it('packs only the built bundles, package.json and runtime icons, without source maps, natives beside the archive', () => {
    expect(config.files).toBe(appFiles);
    const included = appFiles.filter((p) => !p.startsWith('!'));
    expect(included.every((p) => p === 'package.json' || p.startsWith('out/') || p === 'resources/icons/*.png')).toBe(true);
    expect(appFiles).toContain('!**/*.map');
    expect(asarUnpack).toEqual(['**/*.node']);
  });
});
