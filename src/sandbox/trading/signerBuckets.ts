/**
 * Per-signer token buckets for order and cancel requests (the spec says they exist and gives
 * no values). The sandbox's values are generous — far above any sane client, low enough that a
 * runaway loop hits 429 `Too Many Requests` — and documented in docs/decisions/:
 *   orders:  capacity 1000, refilled at 100 per second (a batch of N orders takes N tokens)
 *   cancels: capacity 1000, refilled at 100 per second (one token per cancel request)
 * Tests shrink them with the `signerBuckets` option. Memory is bounded: once more than
 * MAX_TRACKED signers are known, buckets that have refilled completely are dropped (a full
 * bucket is the same as no bucket).
 */
export interface BucketConfig {
  capacity: number;
  refillPerSecond: number;
}

export const DEFAULT_ORDER_BUCKET: BucketConfig = { capacity: 1000, refillPerSecond: 100 };
export const DEFAULT_CANCEL_BUCKET: BucketConfig = { capacity: 1000, refillPerSecond: 100 };
const MAX_TRACKED = 10_000;

interface Bucket {
  tokens: number;
  atMs: number;
}

export class SignerBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: BucketConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes `count` tokens for `signer`; false (nothing taken) when the bucket is short. */
  take(signer: string, count = 1): boolean {
    const now = this.now();
    const bucket = this.refilled(signer, now);
    if (bucket.tokens < count) return false;
    bucket.tokens -= count;
    this.buckets.set(signer, bucket);
    if (this.buckets.size > MAX_TRACKED) this.prune(now);
    return true;
  }

  /**
   * Milliseconds until `signer` has `count` tokens again (a count above the capacity: until the
   * bucket is full), for the 429's `Retry-After`; at most an hour when nothing refills.
   */
  waitMs(signer: string, count = 1): number {
    const missing = Math.min(count, this.config.capacity) - this.refilled(signer, this.now()).tokens;
    if (missing <= 0) return 0;
    return this.config.refillPerSecond > 0 ? Math.min(3_600_000, (missing * 1000) / this.config.refillPerSecond) : 3_600_000;
  }

  private refilled(signer: string, now: number): Bucket {
    const bucket = this.buckets.get(signer) ?? { tokens: this.config.capacity, atMs: now };
    const elapsed = Math.max(0, now - bucket.atMs);
    return { tokens: Math.min(this.config.capacity, bucket.tokens + (elapsed * this.config.refillPerSecond) / 1000), atMs: now };
  }

  private prune(now: number): void {
    for (const [signer] of this.buckets) {
      if (this.refilled(signer, now).tokens >= this.config.capacity) this.buckets.delete(signer);
    }
  }
}
