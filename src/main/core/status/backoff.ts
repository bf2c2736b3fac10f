/**
 * Backoff with jitter, shared by the outage polls, the exchange-mode probes and the heartbeats'
 * recovery: the delay doubles from `baseMs` to `capMs`, and each wait is drawn from its upper
 * half so that many clients (or many loops of one client) do not probe in step.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Time for the core's loops: monotonic now and an abortable sleep; tests inject a virtual one. */
export interface LoopClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export const realLoopClock: LoopClock = {
  now: () => performance.timeOrigin + performance.now(),
  random: Math.random,
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      timer.unref?.();
      signal?.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
    }),
};
