/**
 * The matching engine restarts weekly for about 90 s and answers 425 meanwhile
 * (wire-formats.md): retry with exponential backoff from 1 s up to 30 s, about two minutes in
 * all, then give up with the exchange's answer.
 */
import { CoreError } from '../coreError';

const DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000];

export async function retryWhileRestarting<T>(
  attempt: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  delays: readonly number[] = DELAYS_MS,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      const restarting = error instanceof CoreError && error.status === 425;
      if (!restarting || i >= delays.length) throw error;
      await sleep(delays[i]!);
    }
  }
}
