// The builder hooks' pure parts: what signing and notarization will do with the environment's
// credentials (never their values), and which native keychain addon a target needs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../electron-builder';
import { keyringPackageFor, missingNativePackage } from '../../../build/nativePackages.mjs';
import { notarizationPlan, signingReport } from '../../../build/signingCredentials.mjs';

describe('signing credentials from the environment', () => {
  it('skips notarization with a line that names the variables, when none is set', () => {
    expect(notarizationPlan({})).toEqual({ kind: 'skip' });
    expect(signingReport('darwin', {})).toMatch(/notarization skipped .*APPLE_API_KEY.*APPLE_ID.*APPLE_KEYCHAIN_PROFILE/);
  });

  it('uses a complete set, preferring the API key', () => {
    const appleId = { APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'secret-pw', APPLE_TEAM_ID: 'TEAM' };
    expect(notarizationPlan(appleId)).toEqual({ kind: 'ready', set: 'Apple ID' });
    const both = { ...appleId, APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' };
    expect(notarizationPlan(both)).toEqual({ kind: 'ready', set: 'App Store Connect API key' });
    expect(signingReport('darwin', appleId)).not.toContain('secret-pw');
  });

  it('refuses a half-configured set, naming what is missing and no value', () => {
    const half = { APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'secret-pw', APPLE_TEAM_ID: ' ' };
    expect(notarizationPlan(half)).toEqual({ kind: 'incomplete', set: 'Apple ID', missing: ['APPLE_TEAM_ID'] });
    expect(() => signingReport('darwin', half)).toThrow(/Apple ID set lacks APPLE_TEAM_ID/);
    expect(() => signingReport('darwin', half)).not.toThrow(/secret-pw/);
  });

  it('says whether Windows builds are signed, and that Linux packages are not', () => {
    expect(signingReport('win32', {})).toMatch(/not signed .*WIN_CSC_LINK/);
    expect(signingReport('win32', { CSC_LINK: '/cert.p12' })).toMatch(/^Windows: signed/);
    expect(signingReport('linux', {})).toMatch(/not code-signed/);
  });
});

describe('native keychain addon per target', () => {
  it('maps targets to @napi-rs/keyring packages', () => {
    expect(keyringPackageFor('darwin', 'arm64')).toBe('@napi-rs/keyring-darwin-arm64');
    expect(keyringPackageFor('darwin', 'x64')).toBe('@napi-rs/keyring-darwin-x64');
    expect(keyringPackageFor('win32', 'x64')).toBe('@napi-rs/keyring-win32-x64-msvc');
    expect(keyringPackageFor('linux', 'x64')).toBe('@napi-rs/keyring-linux-x64-gnu');
    expect(keyringPackageFor('linux', 'riscv64')).toBeNull();
  });

  it('names the missing package and the command that installs it, from electron-builder’s Arch number', () => {
    const projectDir = mkdtempSync(join(tmpdir(), 'marketdesk-native-'));
    try {
      const target = { projectDir, platform: 'darwin', keyringVersion: '2.1.2' };
      expect(missingNativePackage({ ...target, arch: 1 })).toBe(
        'The darwin x64 build needs @napi-rs/keyring-darwin-x64, which npm installs only on such machines. ' +
          'Install it first: npm install --no-save --os=darwin --cpu=x64 @napi-rs/keyring-darwin-x64@2.1.2',
      );
      mkdirSync(join(projectDir, 'node_modules/@napi-rs/keyring-darwin-arm64'), { recursive: true });
      writeFileSync(join(projectDir, 'node_modules/@napi-rs/keyring-darwin-arm64/package.json'), '{}');
      expect(missingNativePackage({ ...target, arch: 3 })).toBeNull();
    } finally {
      rmSync(projectDir, { recursive: true, force: true });
    }
  });
});

describe('hooks as electron-builder loads them', () => {
  type Hook = (context: unknown) => Promise<void>;
  const require = createRequire(import.meta.url);
  const builderLib = require.resolve('app-builder-lib/package.json', { paths: [require.resolve('electron-builder')] });
  const { resolveFunction } = require(builderLib.replace('package.json', 'out/util/resolve.js')) as {
    resolveFunction: (type: string, executor: unknown, name: string, root: string) => Promise<Hook>;
  };
  const projectDir = resolve(import.meta.dirname, '../../..');
  const hostArch = { ia32: 0, x64: 1, arm: 2, arm64: 3 }[process.arch as 'x64'];

  it('beforePack passes for this machine’s own target, and refuses a missing addon or a half-set notarization', async () => {
    const beforePack = await resolveFunction('module', config.beforePack, 'beforePack', projectDir);
    await expect(beforePack({ electronPlatformName: process.platform, arch: hostArch, packager: { projectDir } })).resolves.toBeUndefined();

    // A project whose only addon is the Apple-silicon one.
    const fakeProject = mkdtempSync(join(tmpdir(), 'marketdesk-hooks-'));
    const saved = process.env.APPLE_ID;
    try {
      for (const name of ['keyring', 'keyring-darwin-arm64']) {
        mkdirSync(join(fakeProject, 'node_modules/@napi-rs', name), { recursive: true });
        writeFileSync(join(fakeProject, 'node_modules/@napi-rs', name, 'package.json'), '{"version":"2.1.2"}');
      }
      const mac = (arch: number) => ({ electronPlatformName: 'darwin', arch, packager: { projectDir: fakeProject } });
      delete process.env.APPLE_ID;
      await expect(beforePack(mac(3))).resolves.toBeUndefined();
      await expect(beforePack(mac(1))).rejects.toThrow('The darwin x64 build needs @napi-rs/keyring-darwin-x64');
      process.env.APPLE_ID = 'someone@example.com';
      await expect(beforePack(mac(3))).rejects.toThrow('the Apple ID set lacks APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID');
    } finally {
      if (saved === undefined) delete process.env.APPLE_ID;
      else process.env.APPLE_ID = saved;
      rmSync(fakeProject, { recursive: true, force: true });
    }
  });

  it('afterSign prints what was signed', async () => {
    const afterSign = await resolveFunction('module', config.afterSign, 'afterSign', projectDir);
    const lines: string[] = [];
    const original = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      await afterSign({ electronPlatformName: 'linux' });
    } finally {
      console.log = original;
    }
    expect(lines).toEqual(['  • Linux packages are not code-signed (AppImage and deb carry no signature).']);
  });
});
