/**
 * The sandbox's recovery thread gives exactly what recovery on the event loop gives (same
 * addresses, same refusals), answers first in first out, and keeps answering on the event loop
 * once closed.
 */
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { type Hex } from 'viem';
import { RecoveryThread } from '../../../src/sandbox/trading/recoveryThread';
import { orderDigest } from '../../../src/signing/orderHashing';
import { addressOfPrivateKey, recoverDigestAddress, signOrderDigest } from '../../../src/signing/orderSigning';
import { PUBLIC_CHAIN_137_CONTRACTS, VECTOR_ADDRESS, VECTOR_V2, VECTOR_V2_SIGNATURE, seeded } from '../orders/fixtures';

const thread = new RecoveryThread();
afterAll(() => thread.close());

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const digest = orderDigest(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2);

describe('RecoveryThread', () => {
  it('runs on a worker and recovers the wire-format vector signer', async () => {
    expect(thread.offThread).toBe(true);
    expect(await thread.recoverAddress(digest, VECTOR_V2_SIGNATURE)).toBe(VECTOR_ADDRESS.toLowerCase());
  });

  it('refuses what recovery on the event loop refuses', async () => {
    const s = BigInt(`0x${VECTOR_V2_SIGNATURE.slice(66, 130)}`);
    const highS = `${VECTOR_V2_SIGNATURE.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}1c` as Hex;
    const cases = [
      highS,
      `${VECTOR_V2_SIGNATURE.slice(0, 130)}1d`,
      VECTOR_V2_SIGNATURE.slice(0, 100),
      `0x${'0'.repeat(128)}1b`,
      // r = 5 is no x coordinate on the curve: libsecp256k1 refuses it in the worker.
      `0x${'5'.padStart(64, '0')}${'1'.padStart(64, '0')}1b`,
    ];
    for (const signature of cases) {
      expect(await thread.recoverAddress(digest, signature), signature).toBeNull();
      expect(recoverDigestAddress(digest, signature)).toBeNull();
    }
  });

  it('answers 300 concurrent requests in the order they were asked, each as the event loop would', async () => {
    const r = seeded(77);
    const jobs = Array.from({ length: 300 }, (_, i) => {
      const key = r.privateKey();
      const message = r.bytes(32);
      // Every fifth signature is for another digest: it recovers to some other address.
      const signature = signOrderDigest(i % 5 === 0 ? r.bytes(32) : message, key);
      return { message, signature, address: addressOfPrivateKey(key).toLowerCase() };
    });
    const answered: number[] = [];
    const results = await Promise.all(
      jobs.map((job, i) =>
        thread.recoverAddress(job.message, job.signature).then((address) => {
          answered.push(i);
          return address;
        }),
      ),
    );
    expect(answered).toEqual(jobs.map((_, i) => i));
    results.forEach((address, i) => {
      expect(address).toBe(recoverDigestAddress(jobs[i]!.message, jobs[i]!.signature));
      if (i % 5 !== 0) expect(address).toBe(jobs[i]!.address);
      else expect(address).not.toBe(jobs[i]!.address);
    });
  });

  it('recovers on the event loop after close, including requests still waiting', async () => {
    const other = new RecoveryThread();
    const waiting = other.recoverAddress(digest, VECTOR_V2_SIGNATURE);
    other.close();
    expect(other.offThread).toBe(false);
    expect(await waiting).toBe(VECTOR_ADDRESS.toLowerCase());
    expect(await other.recoverAddress(digest, VECTOR_V2_SIGNATURE)).toBe(VECTOR_ADDRESS.toLowerCase());
  });

  /** Signed requests, and what recovery on the event loop answers for each. */
  function requests(count: number, seed: number) {
    const r = seeded(seed);
    return Array.from({ length: count }, (_, i) => {
      const message = r.bytes(32);
      const signature = signOrderDigest(i % 3 === 0 ? r.bytes(32) : message, r.privateKey());
      return { message, signature, expected: recoverDigestAddress(message, signature) };
    });
  }
  const workerOf = (thread: RecoveryThread) => (thread as unknown as { worker: Worker | null }).worker;

  it('a worker that dies with requests in flight: each is recovered on the event loop, none lost or swapped', async () => {
    const other = new RecoveryThread();
    const jobs = requests(40, 91);
    const answers = jobs.map((job) => other.recoverAddress(job.message, job.signature));
    await workerOf(other)!.terminate();
    expect(await Promise.all(answers)).toEqual(jobs.map((job) => job.expected));
    expect(other.offThread).toBe(false);
  });

  it('an answer out of step (not the oldest request\'s sequence number) stops the worker instead of pairing answers wrongly', async () => {
    const other = new RecoveryThread();
    const jobs = requests(20, 92);
    const answers = jobs.map((job) => other.recoverAddress(job.message, job.signature));
    // A stray answer, as if one message had been lost: every later answer would belong to the
    // order before it. The thread must notice and recover everything still waiting itself.
    workerOf(other)!.emit('message', new Uint8Array([0xff, 0xff, 0xff, 0xff]));
    expect(await Promise.all(answers)).toEqual(jobs.map((job) => job.expected));
    expect(other.offThread).toBe(false);
  });
});
