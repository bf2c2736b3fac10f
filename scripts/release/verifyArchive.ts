/**
 * Proves from app.asar alone that the packaged app can load: esbuild walks the import graph of
 * the main and preload bundles (static imports, import() and require() with literal
 * specifiers) and every specifier must resolve, by Node's rules, to a file inside the archive
 * (scripts/release/archiveResolver.ts), or be a Node built-in or electron. Then: native addons
 * sit beside the archive (unpacked), a package whose native addon comes from one optional
 * package per platform has one of them, every WebAssembly file a loaded module names is there,
 * and the archive holds exactly the file set it was made from.
 */
import { extractFile, getRawHeader, statFile } from '@electron/asar';
import { build, type Plugin } from 'esbuild';
import { statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { posix } from 'node:path';
import { ArchiveResolver, type ArchiveFiles, type ImportStyle } from './archiveResolver';

/** Modules the main bundle resolves with createRequire(...).resolve() (src/sandbox/trading/recoveryThread.ts). */
export const REQUIRE_RESOLVED_AT_RUN_TIME = ['tiny-secp256k1', 'hash-wasm'];

/** The bundles the app starts from: package.json's main and the preload. */
export const ENTRY_POINTS = ['out/main/index.js', 'out/preload/index.cjs'];

export interface ArchiveReport {
  problems: string[];
  archiveBytes: number;
  unpackedBytes: number;
  fileCount: number;
  /** Archive files the import graph reached. */
  loadedFiles: number;
  /** Packages in the archive that nothing loaded by main or the preload reaches. */
  unreachedPackages: string[];
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
}

function listArchive(archiveFile: string): Map<string, HeaderNode> {
  const files = new Map<string, HeaderNode>();
  const walk = (node: HeaderNode, path: string) => {
    if (node.files) for (const [name, child] of Object.entries(node.files)) walk(child, path ? `${path}/${name}` : name);
    else files.set(path, node);
  };
  walk(getRawHeader(archiveFile).header as HeaderNode, '');
  return files;
}

const isElectron = (specifier: string) => specifier === 'electron' || specifier.startsWith('electron/');
const loaderFor = (path: string) => (path.endsWith('.json') ? 'json' : /\.[cm]?js$/.test(path) ? 'js' : 'empty');
// A folder that exists nowhere, so esbuild's own resolver (its fallback) finds nothing on disk.
const NOWHERE = '/nonexistent-marketdesk-archive';

/** Checks `archiveFile` (with its .unpacked folder beside it) against `expectedFiles` (archive paths). */
export async function verifyArchive(archiveFile: string, expectedFiles: readonly string[]): Promise<ArchiveReport> {
  const header = listArchive(archiveFile);
  const files: ArchiveFiles = { has: (path) => header.has(path), read: (path) => extractFile(archiveFile, path) };
  const resolver = new ArchiveResolver(files);
  const problems: string[] = [];
  const unresolved: Array<{ specifier: string; importer: string }> = [];
  const natives = new Set<string>();

  const plugin: Plugin = {
    name: 'resolve-inside-archive',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: 'archive' };
        if (isBuiltin(args.path) || isElectron(args.path)) return { path: args.path, external: true };
        const style: ImportStyle = args.kind === 'require-call' || args.kind === 'require-resolve' ? 'require' : 'import';
        const found = resolver.resolve(args.path, args.importer, style);
        if (found?.endsWith('.node')) {
          natives.add(found);
          return { path: found, external: true };
        }
        if (found) return { path: found, namespace: 'archive' };
        // esbuild reports it as an error, unless the require() sits in a try block (optional).
        unresolved.push({ specifier: args.path, importer: args.importer });
        return undefined;
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'archive' }, (args) => ({
        contents: files.read(args.path),
        loader: loaderFor(args.path),
        resolveDir: `${NOWHERE}/${posix.dirname(args.path)}`,
      }));
    },
  };

  for (const name of REQUIRE_RESOLVED_AT_RUN_TIME) {
    if (!resolver.resolve(name, ENTRY_POINTS[0] ?? '', 'require')) {
      problems.push(`"${name}" (required by the signature-recovery worker) does not resolve inside the archive.`);
    }
  }
  const runtimeRequired = REQUIRE_RESOLVED_AT_RUN_TIME.map((name) => resolver.resolve(name, ENTRY_POINTS[0] ?? '', 'require'));
  const entries = [...ENTRY_POINTS, ...runtimeRequired.filter((path): path is string => path !== null)];
  const missingEntries = entries.filter((entry) => !header.has(entry));
  for (const entry of missingEntries) problems.push(`The entry bundle ${entry} is not in the archive.`);

  let loaded: string[] = [];
  try {
    const result = await build({
      entryPoints: entries.filter((entry) => header.has(entry)),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      outdir: NOWHERE,
      logLevel: 'silent',
      plugins: [plugin],
    });
    loaded = Object.keys(result.metafile.inputs).map((input) => input.replace(/^archive:/, ''));
  } catch (error) {
    const failures = (error as { errors?: Array<{ text: string; location: { file: string } | null }> }).errors ?? [];
    if (failures.length === 0) throw error;
    for (const failure of failures) {
      const importer = failure.location?.file.replace(/^archive:/, '') ?? 'an entry point';
      problems.push(`${failure.text.replace(/^Could not resolve/, 'Cannot resolve')} (imported by ${importer}) inside the archive.`);
    }
  }

  // Optional requires that failed: fine, unless they were a package's only way to its native addon.
  const optionalDependenciesOf = (packageDir: string) =>
    Object.keys((resolver.manifest(packageDir) as { optionalDependencies?: Record<string, string> } | null)?.optionalDependencies ?? {});
  const hasOptionalAddons = (packageDir: string) => optionalDependenciesOf(packageDir).length > 0;
  const reported = new Set<string>();
  for (const { importer } of unresolved) {
    const packageDir = resolver.packageDirOf(importer);
    const manifest = packageDir ? resolver.manifest(packageDir) : null;
    const optional = packageDir ? optionalDependenciesOf(packageDir) : [];
    if (!packageDir || optional.length === 0 || reported.has(packageDir)) continue;
    if (optional.some((name) => resolver.resolve(name, importer, 'require'))) continue;
    reported.add(packageDir);
    problems.push(`${manifest?.name ?? packageDir} loads its native addon from one of ${optional.join(', ')}, and none of them is in the archive.`);
  }

  for (const native of [...header.keys()].filter((path) => path.endsWith('.node'))) {
    if (!statFile(archiveFile, native).unpacked) problems.push(`The native addon ${native} is inside the archive; it must be unpacked beside it.`);
  }

  for (const path of loaded.filter((p) => /\.[cm]?js$/.test(p))) {
    const packageDir = resolver.packageDirOf(path);
    // A package with per-platform optional addons names its WASI build only as a fallback; the
    // addon rule above covers it.
    if (!packageDir || hasOptionalAddons(packageDir)) continue;
    for (const [, wasm] of files.read(path).toString('utf8').matchAll(/["'`]([\w./-]+\.wasm)["'`]/g)) {
      const name = posix.basename(wasm ?? '');
      const present = [...header.keys()].some((p) => p.startsWith(`${packageDir}/`) && posix.basename(p) === name);
      if (!present) problems.push(`${path} loads the WebAssembly file ${name}, which is not in the archive.`);
    }
  }

  const expected = new Set(expectedFiles);
  for (const path of header.keys()) if (!expected.has(path)) problems.push(`${path} is in the archive but not in the file set.`);
  for (const path of expected) if (!header.has(path)) problems.push(`${path} is in the file set but not in the archive.`);

  const loadedPackages = new Set(loaded.map((p) => resolver.packageDirOf(p)).filter(Boolean));
  for (const native of natives) loadedPackages.add(resolver.packageDirOf(native));
  const allPackages = new Set([...header.keys()].map((p) => resolver.packageDirOf(p)).filter((p): p is string => p !== null));
  const unpackedBytes = [...header.values()].filter((node) => node.unpacked).reduce((sum, node) => sum + (node.size ?? 0), 0);
  return {
    problems,
    archiveBytes: statSync(archiveFile).size,
    unpackedBytes,
    fileCount: header.size,
    loadedFiles: loaded.length,
    unreachedPackages: [...allPackages].filter((dir) => !loadedPackages.has(dir)).map((dir) => dir.replace(/^node_modules\//, '')).sort(),
  };
}
