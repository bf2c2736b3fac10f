/**
 * Counts key derivations where they happen, at the library boundary (@noble/hashes scrypt and
 * PBKDF2), whatever path in our code asked for them: a derivation that bypassed the KDF gate
 * would be counted here too. The test files wrap the real functions with `counted` (vi.mock with
 * importOriginal); the real derivation still runs.
 */
export const derivations = {
  started: 0,
  inFlight: 0,
  /** The most derivations ever running at once since the last reset. */
  peak: 0,
  reset(): void {
    this.started = 0;
    this.peak = this.inFlight;
  },
};

export function counted<A extends unknown[], R>(derive: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    derivations.started += 1;
    derivations.inFlight += 1;
    derivations.peak = Math.max(derivations.peak, derivations.inFlight);
    try {
      return await derive(...args);
    } finally {
      derivations.inFlight -= 1;
    }
  };
}

/** Samples the process's resident set every few milliseconds while `run` runs; returns the growth. */
export async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growthBytes: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthBytes: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
