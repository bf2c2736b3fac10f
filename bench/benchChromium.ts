/**
 * What the Chromium benches share: the headless flags (no sandbox or GPU on these machines, and
 * no vsync or frame cap, so a frame takes as long as its work and the raster, not 16.7 ms by
 * construction) and the percentile of a list of samples.
 */
import { chromium, type Browser } from 'playwright-core';

export const BENCH_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu-vsync',
  '--disable-frame-rate-limit',
];

export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: BENCH_CHROMIUM_ARGS });
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
