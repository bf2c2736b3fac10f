// The icons in build/ and resources/icons/ are what resources/icon.svg renders to, byte for byte:
// edit the SVG, run `npm run icons`, commit both.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINUX_SIZES, renderIcons, staleIcons } from '../../../scripts/generate-icons.mjs';

const projectDir = resolve(import.meta.dirname, '../../..');

describe('generated icons', () => {
  it('match a fresh rendering of the source SVG', () => {
    expect(staleIcons(projectDir)).toEqual([]);
  }, 60_000);

  it('cover what electron-builder.ts points at, in real formats and sizes', () => {
    const icons = renderIcons(projectDir);
    expect(icons.get('build/icon.icns')?.subarray(0, 4).toString('latin1')).toBe('icns');
    expect([...(icons.get('build/icon.ico')?.subarray(0, 4) ?? [])]).toEqual([0, 0, 1, 0]);
    for (const size of LINUX_SIZES) {
      const png = readFileSync(resolve(projectDir, `build/icons/${size}x${size}.png`));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  }, 60_000);
});
