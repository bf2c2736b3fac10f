#!/usr/bin/env node
// Every icon from one source, resources/icon.svg, so they never drift: the per-platform icons
// electron-builder packs (build/icon.icns, build/icon.ico, build/icons/<n>x<n>.png for Linux)
// and the ones the running app loads (resources/icons/: the window icon on Linux and Windows,
// the notification icon). `npm run icons` writes them; `--check` writes nothing and exits 1
// naming any file that differs from what the source renders to (the unit tests run the same
// comparison). Rendering is deterministic: resvg and png2icons use no clock and no system fonts.
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import png2icons from 'png2icons';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = 'resources/icon.svg';
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** Renders the source at `size`×`size` pixels. */
function render(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng();
}

/** Every generated file (path relative to the repo → bytes), rendered from the source. */
export function renderIcons(projectDir = root) {
  const svg = readFileSync(join(projectDir, SOURCE));
  const pngs = new Map(LINUX_SIZES.map((size) => [size, render(svg, size)]));
  const largest = pngs.get(1024);
  const icns = png2icons.createICNS(largest, png2icons.BICUBIC, 0);
  const ico = png2icons.createICO(largest, png2icons.BICUBIC, 0, false, true);
  if (!icns || !ico) throw new Error('png2icons could not convert the rendered icon.');
  const files = new Map([
    ['build/icon.icns', icns],
    ['build/icon.ico', ico],
    ['resources/icons/window.png', pngs.get(512)],
    ['resources/icons/notification.png', pngs.get(256)],
  ]);
  for (const [size, png] of pngs) files.set(`build/icons/${size}x${size}.png`, png);
  return files;
}

/**
 * The generated files whose bytes on disk differ from a fresh rendering (missing ones included).
 * @param {string} [projectDir]
 * @param {Map<string, Buffer>} [rendered] a rendering already made, to compare without rendering again
 */
export function staleIcons(projectDir = root, rendered = renderIcons(projectDir)) {
  const stale = [];
  for (const [path, bytes] of rendered) {
    let current = null;
    try {
      current = readFileSync(join(projectDir, path));
    } catch {
      /* missing: stale */
    }
    if (!current || !current.equals(bytes)) stale.push(path);
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = staleIcons();
    if (stale.length > 0) {
      process.stderr.write(`Icons differ from ${SOURCE}: ${stale.join(', ')}. Run npm run icons and commit them.\n`);
      process.exit(1);
    }
    process.stdout.write(`Icons match ${SOURCE}.\n`);
  } else {
    for (const [path, bytes] of renderIcons()) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), bytes);
      process.stdout.write(`${path} (${bytes.length} bytes)\n`);
    }
  }
}
