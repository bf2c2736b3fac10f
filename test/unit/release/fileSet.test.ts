// The file-set rules the packaged-app check shares with electron-builder: the `files` patterns
// (negations apply to dependencies too), the builder's default exclusions inside dependencies,
// and nested dependencies placed under their parent the way the builder lays them out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appFiles } from '../../../electron-builder';
import { appFilesOf, dependencyFilesOf, matchesFilePatterns } from '../../../scripts/release/fileSet';

const root = mkdtempSync(join(tmpdir(), 'marketdesk-fileset-'));
const write = (path: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), 'x');
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('packed file set', () => {
  it('keeps the bundles, package.json and runtime icons; drops maps, sources and everything else', () => {
    expect(matchesFilePatterns('out/main/index.js', appFiles)).toBe(true);
    expect(matchesFilePatterns('out/main/index.js.map', appFiles)).toBe(false);
    expect(matchesFilePatterns('resources/icons/window.png', appFiles)).toBe(true);
    expect(matchesFilePatterns('resources/icon.svg', appFiles)).toBe(false);
    expect(matchesFilePatterns('src/main/electron/index.ts', appFiles)).toBe(false);

    for (const path of ['package.json', 'out/main/index.js', 'out/main/index.js.map', 'out/renderer/index.html', 'src/a.ts', 'resources/icon.svg', 'resources/icons/window.png', 'test/x.test.ts']) {
      write(`app/${path}`);
    }
    const packed = appFilesOf(join(root, 'app'), appFiles).map((file) => file.archivePath).sort();
    expect(packed).toEqual(['out/main/index.js', 'out/renderer/index.html', 'package.json', 'resources/icons/window.png']);
  });

  it('copies dependencies without docs, tests, declarations, sources or maps, nested under their parent', () => {
    for (const path of ['package.json', 'index.js', 'README.md', 'test/a.js', 'lib/a.js', 'lib/a.d.ts', 'lib/a.js.map', 'src/a.ts', 'lib/README.md']) {
      write(`deps/parent/${path}`);
    }
    for (const path of ['package.json', 'index.cjs', 'addon.node']) write(`deps/child/${path}`);
    const modules = [
      { name: 'parent', version: '1.0.0', dir: join(root, 'deps/parent'), dependencies: [{ name: '@scope/child', version: '2.0.0', dir: join(root, 'deps/child') }] },
    ];
    const packed = dependencyFilesOf(modules, appFiles).map((file) => file.archivePath).sort();
    expect(packed).toEqual([
      'node_modules/parent/index.js',
      'node_modules/parent/lib/README.md',
      'node_modules/parent/lib/a.js',
      'node_modules/parent/node_modules/@scope/child/addon.node',
      'node_modules/parent/node_modules/@scope/child/index.cjs',
      'node_modules/parent/node_modules/@scope/child/package.json',
      'node_modules/parent/package.json',
    ]);
  });
});
