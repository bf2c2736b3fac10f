/**
 * The packaged-app check, without the Electron binary: build the bundles (electron-vite, into
 * `workDir/out`, leaving the repo's out/ alone), compute the file set electron-builder would
 * pack (electron-builder.ts `files` + the production dependencies), write app.asar from it with
 * @electron/asar, and verify the archive alone (scripts/release/verifyArchive.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { appFiles, asarUnpack } from '../../electron-builder';
import { assembleAsar } from './assembleAsar';
import { packedFileSet, type PackedFile } from './fileSet';
import { verifyArchive, type ArchiveReport } from './verifyArchive';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Builds main, preload and renderer into `workDir/out`. */
export function buildBundles(projectDir: string, workDir: string): void {
  mkdirSync(workDir, { recursive: true });
  const electronVite = join(projectDir, 'node_modules/electron-vite/bin/electron-vite.js');
  const result = spawnSync(process.execPath, [electronVite, 'build', '--outDir', join(workDir, 'out'), '--logLevel', 'warn'], {
    cwd: projectDir,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  if (result.status !== 0) throw new Error(`electron-vite build failed:\n${result.stderr || result.stdout}`);
}

/** The file set for bundles built into `workDir`. */
export function fileSetFor(projectDir: string, workDir: string): Promise<{ files: PackedFile[]; packages: string[] }> {
  return packedFileSet({ projectDir, outDir: join(workDir, 'out'), patterns: appFiles });
}

/**
 * What app.asar may weigh. Measured at 26.2 MB (Linux x64) when this was set: a new dependency
 * that pushes past it, or dev tooling slipping into the file set, fails the check and must be
 * looked at (raise the budget on purpose, with the reason, if it is needed).
 */
export const ARCHIVE_BUDGET_BYTES = 32_000_000;

/** Packs `files` into `archiveFile` and verifies it against the same list and the size budget. */
export async function packAndVerify(archiveFile: string, files: readonly PackedFile[]): Promise<ArchiveReport> {
  await assembleAsar(archiveFile, files, asarUnpack);
  const report = await verifyArchive(archiveFile, files.map((file) => file.archivePath));
  if (report.archiveBytes > ARCHIVE_BUDGET_BYTES) {
    report.problems.push(`app.asar weighs ${megabytes(report.archiveBytes)}, over its budget of ${megabytes(ARCHIVE_BUDGET_BYTES)} (scripts/release/packagedAppCheck.ts).`);
  }
  return report;
}

/** The report as the check prints it. */
export function describeReport(report: ArchiveReport): string {
  const lines = [
    `app.asar: ${megabytes(report.archiveBytes)} in ${report.fileCount} files (${megabytes(report.unpackedBytes)} of native addons unpacked beside it); ${report.loadedFiles} files reached from main and the preload.`,
  ];
  if (report.unreachedPackages.length > 0) {
    lines.push(`Packed but not loaded by main or the preload (renderer bundles, browser mode, or not wired yet): ${report.unreachedPackages.join(', ')}.`);
  }
  lines.push(report.problems.length === 0 ? 'Every import of main and the preload resolves inside the archive.' : `${report.problems.length} problem(s):`);
  lines.push(...report.problems.map((problem) => `  - ${problem}`));
  return lines.join('\n');
}
