// Node's resolution rules over an archive's file list: the part of the packaged-app check that
// decides whether an import "resolves inside the archive".
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveResolver } from '../../../scripts/release/archiveResolver';
import { REQUIRE_RESOLVED_AT_RUN_TIME } from '../../../scripts/release/verifyArchive';

function archive(entries: Record<string, string | object>): ArchiveResolver {
  const files = new Map(Object.entries(entries).map(([path, content]) => [path, typeof content === 'string' ? content : JSON.stringify(content)]));
  return new ArchiveResolver({ has: (path) => files.has(path), read: (path) => Buffer.from(files.get(path) ?? '') });
}

describe('ArchiveResolver', () => {
  const resolver = archive({
    'out/main/index.js': '',
    'out/main/chunk.js': '',
    'node_modules/dual/package.json': {
      name: 'dual',
      exports: { '.': { node: { import: './esm/index.js', require: './cjs/index.cjs' } }, './sub/*': './lib/*.js', './hidden': null },
    },
    'node_modules/dual/esm/index.js': '',
    'node_modules/dual/cjs/index.cjs': '',
    'node_modules/dual/lib/a/b.js': '',
    'node_modules/plain/package.json': { name: 'plain', main: 'lib/main' },
    'node_modules/plain/lib/main.js': '',
    'node_modules/plain/extra/index.js': '',
    'node_modules/outer/package.json': { name: 'outer', imports: { '#internal': './src/internal.js' } },
    'node_modules/outer/index.js': '',
    'node_modules/outer/src/internal.js': '',
    'node_modules/outer/node_modules/plain/package.json': { name: 'plain', main: 'nested.js' },
    'node_modules/outer/node_modules/plain/nested.js': '',
  });

  it('follows relative paths with the CommonJS extension rules', () => {
    expect(resolver.resolve('./chunk.js', 'out/main/index.js', 'import')).toBe('out/main/chunk.js');
    expect(resolver.resolve('./chunk', 'out/main/index.js', 'require')).toBe('out/main/chunk.js');
    expect(resolver.resolve('./missing.js', 'out/main/index.js', 'import')).toBeNull();
    expect(resolver.resolve('../../../etc/passwd', 'out/main/index.js', 'require')).toBeNull();
  });

  it('picks the export condition of the import style, patterns, and refuses null targets', () => {
    expect(resolver.resolve('dual', 'out/main/index.js', 'import')).toBe('node_modules/dual/esm/index.js');
    expect(resolver.resolve('dual', 'out/main/index.js', 'require')).toBe('node_modules/dual/cjs/index.cjs');
    expect(resolver.resolve('dual/sub/a/b', 'out/main/index.js', 'import')).toBe('node_modules/dual/lib/a/b.js');
    expect(resolver.resolve('dual/hidden', 'out/main/index.js', 'import')).toBeNull();
    expect(resolver.resolve('dual/esm/index.js', 'out/main/index.js', 'import')).toBeNull(); // not exported
  });

  it('uses main, index files, the nearest node_modules and #imports', () => {
    expect(resolver.resolve('plain', 'out/main/index.js', 'import')).toBe('node_modules/plain/lib/main.js');
    expect(resolver.resolve('plain/extra', 'out/main/index.js', 'require')).toBe('node_modules/plain/extra/index.js');
    expect(resolver.resolve('plain', 'node_modules/outer/index.js', 'require')).toBe('node_modules/outer/node_modules/plain/nested.js');
    expect(resolver.resolve('#internal', 'node_modules/outer/index.js', 'import')).toBe('node_modules/outer/src/internal.js');
    expect(resolver.resolve('absent', 'out/main/index.js', 'import')).toBeNull();
    expect(resolver.packageDirOf('node_modules/outer/node_modules/plain/nested.js')).toBe('node_modules/outer/node_modules/plain');
  });

  it('knows every module the signature-recovery worker resolves at run time', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../../../src/sandbox/trading/recoveryThread.ts'), 'utf8');
    const resolved = [...source.matchAll(/resolveModule\('([^']+)'\)/g)].map((match) => match[1]);
    expect(resolved.length).toBeGreaterThan(0);
    expect([...resolved].sort()).toEqual([...REQUIRE_RESOLVED_AT_RUN_TIME].sort());
  });
});
