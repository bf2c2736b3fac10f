/**
 * Hash noise for the perps world: a value for any (seed, stream, index) in O(1), with no state
 * and no timers, so a price or a trade at any instant is computed directly instead of replayed
 * from the start. Same inputs, same value, on every run and machine.
 */
import { Prng } from '../../random/prng';

/** Uniform in [0, 1) for one lattice point of one stream. */
export function noise01(seed: number, stream: string, index: number): number {
  // Prng mixes the seed with a hash of the label; the index goes into the label so points are independent.
  return new Prng(seed, `${stream}#${index}`).next();
}

/** Uniform in [-1, 1). */
export const noiseSigned = (seed: number, stream: string, index: number): number => noise01(seed, stream, index) * 2 - 1;

/**
 * Smooth value noise in [-1, 1): lattice points every `stepMs`, cosine-interpolated between them,
 * so the path is continuous in time and each point costs two lattice lookups.
 */
export function valueNoise(seed: number, stream: string, timeMs: number, stepMs: number): number {
  const position = timeMs / stepMs;
  const index = Math.floor(position);
  const fraction = position - index;
  const blend = (1 - Math.cos(Math.PI * fraction)) / 2;
  const a = noiseSigned(seed, stream, index);
  const b = noiseSigned(seed, stream, index + 1);
  return a + (b - a) * blend;
}
