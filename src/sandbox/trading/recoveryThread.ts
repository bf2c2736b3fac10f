/**
 * Order-signature recovery on a second thread. libsecp256k1's public-key recovery (a few hundred
 * microseconds in WebAssembly) is most of the CPU a `POST /order` costs; on its own thread it
 * runs beside the event loop that parses, authenticates, matches and answers, instead of in
 * front of it. Nothing about the verification changes: the same library call on the same bytes
 * (the parsing, the v and high-s rules and the address are src/signing's, on this thread).
 *
 * The worker is one thread serving requests first in, first out, so answers come back in the
 * order they were asked and orders are still placed in arrival order. It runs the CommonJS build
 * of tiny-secp256k1 from a few lines of inline code (no TypeScript loader needed in any host:
 * tsx, vitest, the Electron bundle). If it cannot start or dies, recovery falls back to this
 * thread, so a broken worker costs speed, never correctness.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { addressOfPublicKey, parseRecoverableSignature, recoverPublicKey } from '../../signing/orderSigning';

/**
 * The worker: recover(digest, r ‖ s, id) → the uncompressed public key, or null. Each request is
 * one 97-byte buffer (digest 32 ‖ r ‖ s 64 ‖ recovery id 1) moved, not copied, to the worker; the
 * 65-byte key is moved back.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { recover } = require(workerData.library);
parentPort.on('message', ({ id, request }) => {
  let point = null;
  try { point = recover(request.subarray(0, 32), request.subarray(32, 96), request[96], false); } catch { point = null; }
  parentPort.postMessage({ id, point }, point ? [point.buffer] : []);
});
`;

interface Pending {
  digest: Uint8Array;
  rs: Uint8Array;
  recovery: 0 | 1;
  resolve: (address: string | null) => void;
}

export class RecoveryThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor() {
    try {
      const library = createRequire(import.meta.url).resolve('tiny-secp256k1');
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { library } });
      worker.unref();
      worker.on('message', ({ id, point }: { id: number; point: Uint8Array | null }) => {
        const request = this.pending.get(id);
        if (!request) return;
        this.pending.delete(id);
        request.resolve(point ? addressOfPublicKey(point) : null);
      });
      worker.on('error', () => this.fallBack());
      worker.on('exit', () => this.fallBack());
      this.worker = worker;
    } catch {
      this.worker = null;
    }
  }

  /** Whether recoveries run on the worker (false after a failure or close: they run here). */
  get offThread(): boolean {
    return this.worker !== null;
  }

  /** The lower-case address that signed `digest`, or null (see recoverDigestAddress). */
  recoverAddress(digest: Uint8Array, signature: string): Promise<string | null> {
    const parsed = parseRecoverableSignature(signature);
    if (!parsed) return Promise.resolve(null);
    if (!this.worker) return Promise.resolve(recoverHere(digest, parsed.rs, parsed.recovery));
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, { digest, rs: parsed.rs, recovery: parsed.recovery, resolve });
      // A fresh buffer of exactly these bytes: posting a view would clone all of its backing
      // store (for a pooled Buffer, kilobytes), and transferring it would detach the pool.
      const request = new Uint8Array(97);
      request.set(digest, 0);
      request.set(parsed.rs, 32);
      request[96] = parsed.recovery;
      this.worker!.postMessage({ id, request }, [request.buffer]);
    });
  }

  /** Stops the worker; anything still waiting is recovered on this thread. */
  close(): void {
    const worker = this.worker;
    this.fallBack();
    void worker?.terminate();
  }

  private fallBack(): void {
    this.worker = null;
    for (const [id, request] of this.pending) {
      this.pending.delete(id);
      request.resolve(recoverHere(request.digest, request.rs, request.recovery));
    }
  }
}

function recoverHere(digest: Uint8Array, rs: Uint8Array, recovery: 0 | 1): string | null {
  const point = recoverPublicKey(digest, { rs, recovery });
  return point ? addressOfPublicKey(point) : null;
}
