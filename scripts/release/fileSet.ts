/**
 * The files electron-builder puts into app.asar, computed from the same configuration
 * (electron-builder.ts `files`) and the same production-dependency collector electron-builder
 * runs (app-builder-lib's npm collector: `npm ls` without devDependencies, hoisted the way the
 * builder lays node_modules out), with the builder's default exclusions for dependency files.
 */
import { createRequire } from 'node:module';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob, relative, sep } from 'node:path';

/** One file of the archive: where it comes from and its path inside the archive ('/'-separated). */
export interface PackedFile {
  source: string;
  archivePath: string;
}

interface NodeModuleInfo {
  name: string;
  version: string;
  dir: string;
  dependencies?: NodeModuleInfo[];
}

const require = createRequire(import.meta.url);
const builderLibDir = join(require.resolve('app-builder-lib/package.json', { paths: [require.resolve('electron-builder')] }), '..');
const builderRequire = createRequire(join(builderLibDir, 'package.json'));

/** app-builder-lib's lists of names and extensions it never copies (fileMatcher.ts). */
const { excludedNames, excludedExts } = builderRequire('./out/fileMatcher.js') as { excludedNames: string; excludedExts: string };

// NodeModuleCopyHelper's own lists (not exported by app-builder-lib): names skipped anywhere in a
// dependency, and names skipped at a dependency's top level.
const skippedInDependencies = new Set([
  '.DS_Store', 'node_modules', 'CHANGELOG.md', 'ChangeLog', 'changelog.md', 'Changelog.md', 'Changelog',
  'binding.gyp', '.npmignore', 'node_gyp_bins', ...excludedNames.split(','),
]);
const skippedAtDependencyTop = new Set([
  'karma.conf.js', '.coveralls.yml', 'README.md', 'readme.markdown', 'README', 'readme.md', 'Readme.md', 'Readme',
  'readme', 'test', 'tests', '__tests__', 'powered-test', 'example', 'examples', '.bin',
]);
/** getNodeModuleExcludedExts for a non-Windows target without includePdb. */
const skippedExtensions = ['.o', '.obj', ...excludedExts.split(',').map((ext) => `.${ext}`), '.pdb', '.dll', '.exe'];

const toArchivePath = (path: string) => path.split(sep).join('/');

/** Whether `path` is kept by electron-builder-style patterns: some positive match, no negative one. */
export function matchesFilePatterns(path: string, patterns: readonly string[]): boolean {
  const positive = patterns.filter((p) => !p.startsWith('!'));
  const negative = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  return positive.some((p) => matchesGlob(path, p)) && !negative.some((p) => matchesGlob(path, p));
}

function walkFiles(dir: string, visit: (path: string, name: string, depth: number) => boolean, depth = 0): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (!visit(path, name, depth)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) found.push(...walkFiles(path, visit, depth + 1));
    else if (stat.isFile()) found.push(path);
  }
  return found;
}

/**
 * The app's own files: everything under `projectDir` that the `files` patterns keep
 * (node_modules aside), with out/ taken from `outDir` when the bundles were built elsewhere.
 */
export function appFilesOf(projectDir: string, patterns: readonly string[], outDir = join(projectDir, 'out')): PackedFile[] {
  const roots = new Set(patterns.filter((p) => !p.startsWith('!')).map((p) => p.split('/')[0] ?? p));
  const files: PackedFile[] = [];
  for (const root of roots) {
    const appDir = root === 'out' ? join(outDir, '..') : projectDir;
    const path = root === 'out' ? outDir : join(appDir, root);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    const candidates = stat.isDirectory() ? walkFiles(path, () => true) : [path];
    for (const source of candidates) {
      const archivePath = toArchivePath(relative(appDir, source));
      if (matchesFilePatterns(archivePath, patterns)) files.push({ source, archivePath });
    }
  }
  return files;
}

/** The production dependency tree electron-builder would pack, from its own collector. */
export async function productionModules(projectDir: string): Promise<NodeModuleInfo[]> {
  const { getCollectorByPackageManager, PM } = builderRequire('./out/node-module-collector/index.js');
  const { TmpDir } = builderRequire('builder-util');
  const tmpDir = new TmpDir('marketdesk-packaged-app-check');
  try {
    const packageName = (JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as { name: string }).name;
    const collector = getCollectorByPackageManager(PM.NPM, projectDir, tmpDir);
    const { nodeModules } = (await collector.getNodeModules({ packageName })) as { nodeModules: NodeModuleInfo[] };
    return nodeModules;
  } finally {
    await tmpDir.cleanup();
  }
}

/** Every file of the dependency tree, at the place electron-builder copies it to. */
export function dependencyFilesOf(modules: readonly NodeModuleInfo[], patterns: readonly string[]): PackedFile[] {
  const negative = patterns.filter((p) => p.startsWith('!'));
  const files: PackedFile[] = [];
  const collect = (module: NodeModuleInfo, destination: string) => {
    const sources = walkFiles(module.dir, (_path, name, depth) => {
      if (skippedInDependencies.has(name) || name.startsWith('._')) return false;
      if (depth === 0 && skippedAtDependencyTop.has(name)) return false;
      return !skippedExtensions.some((ext) => name.endsWith(ext));
    });
    for (const source of sources) {
      const archivePath = `${destination}/${toArchivePath(relative(module.dir, source))}`;
      if (negative.length === 0 || matchesFilePatterns(archivePath, ['**', ...negative])) files.push({ source, archivePath });
    }
    for (const child of module.dependencies ?? []) collect(child, `${destination}/node_modules/${child.name}`);
  };
  for (const module of modules) collect(module, `node_modules/${module.name}`);
  return files;
}

/** The whole set: the app's files (out/ from `outDir`) and the dependencies. */
export async function packedFileSet(options: { projectDir: string; outDir: string; patterns: readonly string[] }): Promise<{
  files: PackedFile[];
  packages: string[];
}> {
  const modules = await productionModules(options.projectDir);
  const names: string[] = [];
  const listNames = (list: readonly NodeModuleInfo[]) => {
    for (const m of list) {
      names.push(m.name);
      listNames(m.dependencies ?? []);
    }
  };
  listNames(modules);
  return {
    files: [...appFilesOf(options.projectDir, options.patterns, options.outDir), ...dependencyFilesOf(modules, options.patterns)],
    packages: [...new Set(names)].sort(),
  };
}
