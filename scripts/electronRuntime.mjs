// Finds the Electron runtime binary WITHOUT loading the `electron` package: its index.js starts
// a download when the binary is missing, silently and without a time limit (npm start downloads
// it itself, see electronDownload.mjs). The rules mirror that index.js (path.txt, dist/,
// ELECTRON_OVERRIDE_DIST_PATH).
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The installed `electron` package's directory as seen from `fromDir`, or null. */
export function electronPackageDir(fromDir = process.cwd()) {
  try {
    const require = createRequire(join(fromDir, 'package.json'));
    // Resolving package.json reads nothing but the path; it does not run index.js.
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

const readPathTxt = (electronDir) => {
  try {
    return readFileSync(join(electronDir, 'path.txt'), 'utf8').trim() || null;
  } catch {
    return null;
  }
};

/**
 * The Electron executable to launch, or null when it is not installed.
 * @param {{ electronDir?: string | null, env?: NodeJS.ProcessEnv }} [options]
 * @returns {{ executablePath: string } | null}
 */
export function findElectronRuntime(options = {}) {
  const env = options.env ?? process.env;
  const electronDir = options.electronDir === undefined ? electronPackageDir() : options.electronDir;
  const relativePath = electronDir ? readPathTxt(electronDir) : null;
  const overrideDist = env.ELECTRON_OVERRIDE_DIST_PATH;
  let executablePath;
  if (overrideDist) executablePath = join(overrideDist, relativePath ?? 'electron');
  else if (electronDir && relativePath) executablePath = join(electronDir, 'dist', relativePath);
  else return null;
  return isFile(executablePath) ? { executablePath } : null;
}
