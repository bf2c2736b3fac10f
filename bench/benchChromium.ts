/**
 * What the Chromium benches share: the headless flags (no sandbox or GPU on these machines, and
 * no vsync or frame cap, so a frame takes as long as its work and the raster, not 16.7 ms by
 * construction) and the percentile of a list of samples.
 *
 * Latency benches (click to order) run paced like a display instead: with the cap off, a running
 * CSS transition is drawn as fast as the machine can (about 2,800 compositor frames a second
 * during the ladder's flashes, measured), taking the two cores the order's own path needs, which
 * no screen does. Both pages of such a bench get the same 60 Hz frames.
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

const UNCAPPED = new Set(['--disable-gpu-vsync', '--disable-frame-rate-limit']);

export function launchBenchChromium({ displayPaced = false } = {}): Promise<Browser> {
  const args = displayPaced ? BENCH_CHROMIUM_ARGS.filter((arg) => !UNCAPPED.has(arg)) : BENCH_CHROMIUM_ARGS;
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
