// The icons in build/ and resources/icons/ are what resources/icon.svg renders to, byte for byte:
// edit the SVG, run `npm run icons`, commit both.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../../electron-builder';
import { LINUX_SIZES, renderIcons, staleIcons } from '../../../scripts/generate-icons.mjs';

const projectDir = resolve(import.meta.dirname, '../../..');

describe('generated icons', () => {
  let icons = new Map<string, Buffer>();
  beforeAll(() => {
    icons = renderIcons(projectDir);
  }, 60_000);

  it('match a fresh rendering of the source SVG', () => {
    expect(staleIcons(projectDir, icons)).toEqual([]);
  });

  it('cover what electron-builder.ts points at, in real formats and sizes', () => {
    expect(icons.get(config.mac?.icon ?? '')?.subarray(0, 4).toString('latin1')).toBe('icns');
    expect([...(icons.get(config.win?.icon ?? '')?.subarray(0, 4) ?? [])]).toEqual([0, 0, 1, 0]);
    for (const size of LINUX_SIZES) {
      const png = readFileSync(resolve(projectDir, `${config.linux?.icon}/${size}x${size}.png`));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });
});
