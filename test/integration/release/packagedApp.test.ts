// The packaged-app check in `npm test`: the bundles built, app.asar assembled with @electron/asar
// from the file set electron-builder.ts names, and verified from the archive alone. Then the
// same with runtime dependencies taken out of the set: the check must fail and name them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringPackageFor } from '../../../build/nativePackages.mjs';
import type { PackedFile } from '../../../scripts/release/fileSet';
import { buildBundles, describeReport, fileSetFor, packAndVerify } from '../../../scripts/release/packagedAppCheck';
import type { ArchiveReport } from '../../../scripts/release/verifyArchive';

const projectDir = resolve(import.meta.dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('packaged app (app.asar assembled from the builder’s file set)', () => {
  let workDir = '';
  let files: PackedFile[] = [];
  let packages: string[] = [];
  let report: ArchiveReport;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'marketdesk-packaged-app-test-'));
    buildBundles(projectDir, workDir);
    ({ files, packages } = await fileSetFor(projectDir, workDir));
    report = await packAndVerify(join(workDir, 'app.asar'), files);
    console.log(describeReport(report));
  }, 240_000);

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('resolves every import of main and the preload inside the archive, natives unpacked', () => {
    expect(report.problems).toEqual([]);
    expect(report.loadedFiles).toBeGreaterThan(100);
    expect(report.archiveBytes).toBeGreaterThan(1_000_000);
    expect(report.unpackedBytes).toBeGreaterThan(0);
  });

  it('carries the embedded sandbox (the default network) inside the main bundle, not as sources', () => {
    const main = files.find((file) => file.archivePath === 'out/main/index.js');
    expect(main).toBeDefined();
    expect(readFileSync(main?.source ?? '', 'utf8')).toMatch(/async function startSandbox\(/);
    expect(files.some((file) => file.archivePath.includes('sandbox/'))).toBe(false);
  });

  it('holds only out/, package.json, the runtime icons and production dependencies: no sources, maps or dev tooling', () => {
    const paths = files.map((file) => file.archivePath);
    const own = paths.filter((path) => !path.startsWith('node_modules/'));
    const allowed = /^(package\.json|out\/(main|preload|renderer)\/.+|resources\/icons\/[\w-]+\.png)$/;
    expect(own.filter((path) => !allowed.test(path))).toEqual([]);
    expect(own).toEqual(expect.arrayContaining(['package.json', 'resources/icons/window.png', 'resources/icons/notification.png']));
    expect(paths.filter((path) => path.endsWith('.map') || /\.(ts|tsx|mts|cts)$/.test(path))).toEqual([]);
    expect(own.some((path) => path.startsWith('out/main/'))).toBe(true);
    const devOnly = Object.keys(manifest.devDependencies).filter((name) => !packages.includes(name));
    expect(devOnly).toContain('electron');
    expect(paths.filter((path) => devOnly.some((name) => path.startsWith(`node_modules/${name}/`)))).toEqual([]);
  });

  it('fails, naming them, when a runtime dependency and the keychain addon are left out of the set', async () => {
    const addon = keyringPackageFor(process.platform, process.arch);
    expect(addon, 'this platform has a keychain addon').not.toBeNull();
    const dropped = ['conf', addon ?? ''];
    const reduced = files.filter((file) => !dropped.some((name) => file.archivePath.startsWith(`node_modules/${name}/`)));
    expect(reduced.length).toBeLessThan(files.length);
    const broken = await packAndVerify(join(workDir, 'without-conf.asar'), reduced);
    expect(broken.problems.some((problem) => problem.includes('Cannot resolve "conf"') && problem.includes('electron-store'))).toBe(true);
    expect(broken.problems.some((problem) => problem.startsWith('@napi-rs/keyring loads its native addon') && problem.includes(addon ?? '?'))).toBe(true);
  }, 120_000);
});
