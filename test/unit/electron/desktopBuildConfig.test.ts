/**
 * The desktop build's renderer is built like browser mode's: minified, for the same Chromium.
 * electron-vite leaves the renderer unminified unless told (the entry was 748 KB where browser
 * mode's is about 300 KB), and nothing else would notice: the app works, only slower to start.
 */
import { describe, expect, it } from 'vitest';
import desktop from '../../../electron.vite.config';
import browser from '../../../vite.renderer.config';

describe('desktop build config', () => {
  it('minifies the renderer for the same target as the browser-mode build', () => {
    const renderer = (desktop as { renderer: { build: { minify?: unknown; target?: unknown } } }).renderer.build;
    const browserBuild = (browser as { build: { minify?: unknown; target?: unknown } }).build;
    expect(renderer.minify).toBe(true);
    expect(renderer.target).toBe(browserBuild.target);
  });
});
