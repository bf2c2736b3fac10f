/**
 * The contract between bench/run.ts and the `*.bench.ts` files: each default-exports a function
 * that runs its measurements and returns rows for the table plus summary lines (the headline
 * figures, printed after the table). Benchmarks measure; they never assert on speed.
 */
export interface BenchRow {
  bench: string;
  metric: string;
  value: number;
  unit: string;
}

export interface BenchReport {
  rows: BenchRow[];
  summary: string[];
}

export type Bench = () => Promise<BenchReport>;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Items per second of one timed pass of `pass` over `count` items. */
export async function ratePerSecond(count: number, pass: () => unknown): Promise<number> {
  const start = performance.now();
  await pass();
  const seconds = (performance.now() - start) / 1000;
  return count / seconds;
}

/** Deterministic PRNG (mulberry32) so every run benchmarks the same inputs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** This process's CPU time (user + system) since `before`, in ms. */
export function cpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
