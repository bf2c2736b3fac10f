/**
 * `npm run check:package`: the packaged-app check from the command line (it also runs in
 * `npm test`, test/integration/release/packagedApp.test.ts). Exits 1 when the archive would not
 * load. `--keep` leaves the work folder (with app.asar) and prints where it is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildBundles, describeReport, fileSetFor, packAndVerify } from './packagedAppCheck';

const projectDir = resolve(import.meta.dirname, '../..');
const workDir = mkdtempSync(join(tmpdir(), 'marketdesk-packaged-app-'));
const keep = process.argv.includes('--keep');
try {
  buildBundles(projectDir, workDir);
  const { files } = await fileSetFor(projectDir, workDir);
  const report = await packAndVerify(join(workDir, 'app.asar'), files);
  process.stdout.write(`${describeReport(report)}\n`);
  if (keep) process.stdout.write(`Archive kept at ${join(workDir, 'app.asar')}\n`);
  process.exitCode = report.problems.length === 0 ? 0 : 1;
} finally {
  if (!keep) rmSync(workDir, { recursive: true, force: true });
}
