// The hardened runtime's entitlements, parsed as macOS reads them: only allow-jit (V8 compiles
// JavaScript and WebAssembly at run time), nothing that weakens code signing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../electron-builder';

const require = createRequire(import.meta.url);
const builderLib = require.resolve('app-builder-lib/package.json', { paths: [require.resolve('electron-builder')] });
const plist = require(require.resolve('plist', { paths: [builderLib] })) as { parse(xml: string): unknown };
const projectDir = resolve(import.meta.dirname, '../../..');

/** Entitlements the issue and Electron's security guide keep out unless a dependency proves a need. */
const FORBIDDEN = [
  'com.apple.security.cs.allow-unsigned-executable-memory',
  'com.apple.security.cs.disable-library-validation',
  'com.apple.security.cs.disable-executable-page-protection',
  'com.apple.security.cs.allow-dyld-environment-variables',
  'com.apple.security.get-task-allow',
];
/** The decided exception (docs/decisions): V8's JIT needs MAP_JIT under the hardened runtime. */
const DECIDED = { 'com.apple.security.cs.allow-jit': true };

describe('macOS entitlements', () => {
  const path = config.mac?.entitlements ?? '';
  const entitlements = plist.parse(readFileSync(resolve(projectDir, path), 'utf8')) as Record<string, unknown>;

  it('are the file the builder signs the app and its helpers with', () => {
    expect(path).toBe('build/entitlements.mac.plist');
    expect(config.mac?.entitlementsInherit).toBe(path);
  });

  it('hold exactly the decided exception and none of the forbidden keys', () => {
    expect(entitlements).toEqual(DECIDED);
    for (const key of FORBIDDEN) expect(entitlements).not.toHaveProperty(key);
  });
});
