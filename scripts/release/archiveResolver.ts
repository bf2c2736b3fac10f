/**
 * Node's module resolution over the files of an archive (a set of '/'-separated paths and a way
 * to read them), so the packaged-app check can prove that every import resolves inside app.asar
 * without looking at the disk: relative paths with CommonJS's extension and directory rules,
 * bare specifiers through the node_modules folders above the importer, package.json `exports`
 * (with conditions and `*` patterns), `imports` (#specifiers), `main`, and index files.
 */
import { posix } from 'node:path';

export interface ArchiveFiles {
  has(path: string): boolean;
  read(path: string): Buffer;
}

/** 'import' for import statements and import(); 'require' for require() and require.resolve(). */
export type ImportStyle = 'import' | 'require';

type ExportsTarget = string | null | ExportsTarget[] | { [key: string]: ExportsTarget };

interface PackageJson {
  name?: string;
  main?: string;
  exports?: ExportsTarget;
  imports?: Record<string, ExportsTarget>;
}

const EXTENSIONS = ['', '.js', '.json', '.node', '.cjs', '.mjs'];

export class ArchiveResolver {
  private readonly manifests = new Map<string, PackageJson | null>();

  constructor(private readonly files: ArchiveFiles) {}

  /** The package.json at `dir` (an archive directory, '' for the root), or null. */
  manifest(dir: string): PackageJson | null {
    const path = dir ? `${dir}/package.json` : 'package.json';
    if (!this.manifests.has(path)) {
      this.manifests.set(path, this.files.has(path) ? (JSON.parse(this.files.read(path).toString('utf8')) as PackageJson) : null);
    }
    return this.manifests.get(path) ?? null;
  }

  /** The archive path `specifier` resolves to from `importer` (an archive file path), or null. */
  resolve(specifier: string, importer: string, style: ImportStyle): string | null {
    const conditions = new Set(['node', style, 'default']);
    const fromDir = posix.dirname(importer);
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      return this.fileOrDirectory(posix.join(fromDir === '.' ? '' : fromDir, specifier));
    }
    if (specifier.startsWith('/')) return null; // an absolute path would leave the archive
    if (specifier.startsWith('#')) return this.packageImport(specifier, fromDir, conditions);
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    const subpath = specifier.slice(name.length); // '' or '/…'
    for (let dir = fromDir === '.' ? '' : fromDir; ; dir = posix.dirname(dir) === '.' ? '' : posix.dirname(dir)) {
      if (posix.basename(dir) !== 'node_modules') {
        const packageDir = `${dir ? `${dir}/` : ''}node_modules/${name}`;
        const found = this.inPackage(packageDir, subpath, conditions);
        if (found !== undefined) return found;
      }
      if (dir === '') return null;
    }
  }

  /** The package folder that holds `path`: the deepest node_modules/<name> above it, or null. */
  packageDirOf(path: string): string | null {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
    return match?.[1] ?? null;
  }

  /** undefined: no package there (keep looking up); null: the package is there but lacks the file. */
  private inPackage(packageDir: string, subpath: string, conditions: Set<string>): string | null | undefined {
    const manifest = this.manifest(packageDir);
    if (!manifest) {
      // A folder without package.json (rare, but Node accepts it for CommonJS).
      return subpath ? (this.fileOrDirectory(packageDir + subpath) ?? undefined) : (this.fileOrDirectory(packageDir) ?? undefined);
    }
    if (manifest.exports !== undefined && manifest.exports !== null) {
      const target = this.exportsTarget(manifest.exports, `.${subpath}`, conditions);
      return target === null ? null : this.exactFile(posix.join(packageDir, target));
    }
    return this.fileOrDirectory(packageDir + subpath);
  }

  private packageImport(specifier: string, fromDir: string, conditions: Set<string>): string | null {
    for (let dir = fromDir === '.' ? '' : fromDir; ; dir = posix.dirname(dir) === '.' ? '' : posix.dirname(dir)) {
      const manifest = this.manifest(dir);
      if (manifest) {
        const target = manifest.imports ? this.subpathTarget(manifest.imports, specifier, conditions) : null;
        if (target === null) return null;
        return target.startsWith('./') ? this.exactFile(posix.join(dir, target)) : this.resolve(target, `${dir}/package.json`, conditions.has('require') ? 'require' : 'import');
      }
      if (dir === '') return null;
    }
  }

  private exportsTarget(exports: ExportsTarget, subpath: string, conditions: Set<string>): string | null {
    const isSubpathMap = typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'));
    if (!isSubpathMap) return subpath === '.' ? this.conditionTarget(exports, conditions, '') : null;
    return this.subpathTarget(exports as Record<string, ExportsTarget>, subpath, conditions);
  }

  /** Exact keys first, then the longest `*` pattern whose prefix and suffix match. */
  private subpathTarget(map: Record<string, ExportsTarget>, subpath: string, conditions: Set<string>): string | null {
    if (subpath in map) return this.conditionTarget(map[subpath] ?? null, conditions, '');
    const patterns = Object.keys(map)
      .filter((key) => key.includes('*'))
      .sort((a, b) => b.indexOf('*') - a.indexOf('*') || b.length - a.length);
    for (const key of patterns) {
      const [prefix = '', suffix = ''] = key.split('*');
      if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1) {
        return this.conditionTarget(map[key] ?? null, conditions, subpath.slice(prefix.length, subpath.length - suffix.length));
      }
    }
    return null;
  }

  private conditionTarget(target: ExportsTarget, conditions: Set<string>, star: string): string | null {
    if (target === null) return null;
    if (typeof target === 'string') return target.replaceAll('*', star);
    if (Array.isArray(target)) {
      for (const option of target) {
        const found = this.conditionTarget(option, conditions, star);
        if (found !== null) return found;
      }
      return null;
    }
    for (const [condition, value] of Object.entries(target)) {
      if (!conditions.has(condition)) continue;
      const found = this.conditionTarget(value, conditions, star);
      if (found !== null) return found;
    }
    return null;
  }

  private exactFile(path: string): string | null {
    return this.files.has(path) ? path : null;
  }

  private fileOrDirectory(path: string): string | null {
    const normalized = posix.normalize(path).replace(/\/$/, '');
    if (normalized.startsWith('..')) return null;
    for (const ext of EXTENSIONS) if (this.files.has(normalized + ext)) return normalized + ext;
    const manifest = this.manifest(normalized);
    if (manifest?.main) {
      const main = this.fileOrDirectoryNoMain(posix.join(normalized, manifest.main));
      if (main) return main;
    }
    return this.fileOrDirectoryNoMain(`${normalized}/index`);
  }

  private fileOrDirectoryNoMain(path: string): string | null {
    for (const ext of EXTENSIONS) if (this.files.has(path + ext)) return path + ext;
    for (const ext of EXTENSIONS.slice(1)) if (this.files.has(`${path}/index${ext}`)) return `${path}/index${ext}`;
    return null;
  }
}
