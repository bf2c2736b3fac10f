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
import { bytesToHex } from '../../signing/hex';
import { addressOfPublicKey, parseRecoverableSignature, recoverPublicKey } from '../../signing/orderSigning';

/**
 * The worker: recover(digest, r ‖ s, id) → the signer's 20-byte address (keccak-256 of the
 * uncompressed public key, last 20 bytes), or none. Each request is one 101-byte array (digest
 * 32 ‖ r ‖ s 64 ‖ recovery id 1 ‖ sequence number 4) and each answer the same 4 sequence bytes,
 * followed by the 20 address bytes when there is a signer. Bare typed arrays are the cheapest
 * messages to clone (ids in objects and transfer lists measured slower); the sequence number
 * makes sure an answer is never attached to another order. Hashing the key there too keeps the
 * event loop's share of a POST /order small. Messages wait in the port until the keccak
 * WebAssembly is ready and the listener is attached.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { recover } = require(workerData.secp256k1);
const { createKeccak } = require(workerData.keccak);
createKeccak(256).then((keccak) => {
  parentPort.on('message', (request) => {
    let answer = request.slice(97, 101);
    try {
      const point = recover(request.subarray(0, 32), request.subarray(32, 96), request[96], false);
      if (point) {
        keccak.init();
        keccak.update(point.subarray(1, 65));
        answer = new Uint8Array(24);
        answer.set(request.subarray(97, 101), 0);
        answer.set(keccak.digest('binary').subarray(12), 4);
      }
    } catch { /* no signer: the answer is the sequence number alone */ }
    parentPort.postMessage(answer);
  });
});
`;

interface Pending {
  sequence: number;
  digest: Uint8Array;
  rs: Uint8Array;
  recovery: 0 | 1;
  resolve: (address: string | null) => void;
}

export class RecoveryThread {
  private worker: Worker | null = null;
  /** Asked and not yet answered, oldest first: the worker answers in the same order. */
  private pending: Pending[] = [];
  private nextSequence = 0;

  constructor() {
    try {
      const resolveModule = createRequire(import.meta.url).resolve;
      const workerData = { secp256k1: resolveModule('tiny-secp256k1'), keccak: resolveModule('hash-wasm') };
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
      worker.unref();
      worker.on('message', (answer: Uint8Array) => this.answered(answer));
      worker.on('messageerror', () => this.fallBack());
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
      const sequence = (this.nextSequence = (this.nextSequence + 1) >>> 0);
      this.pending.push({ sequence, digest, rs: parsed.rs, recovery: parsed.recovery, resolve });
      const request = new Uint8Array(101);
      request.set(digest, 0);
      request.set(parsed.rs, 32);
      request[96] = parsed.recovery;
      new DataView(request.buffer).setUint32(97, sequence);
      this.worker!.postMessage(request);
    });
  }

  /** The worker's answer to the oldest request; anything unexpected stops the worker. */
  private answered(answer: Uint8Array): void {
    const head = this.pending[0];
    const valid = answer instanceof Uint8Array && (answer.length === 4 || answer.length === 24);
    const sequence = valid ? new DataView(answer.buffer, answer.byteOffset, 4).getUint32(0) : -1;
    if (!head || sequence !== head.sequence) {
      // Out of step: no later answer can be trusted to belong to its order. Recover here instead.
      void this.worker?.terminate();
      this.fallBack();
      return;
    }
    this.pending.shift();
    head.resolve(answer.length === 24 ? bytesToHex(answer.subarray(4)) : null);
  }

/** Stops the worker; anything still waiting is recovered on this thread. */
  close(): void {
    const worker = this.worker;
    this.fallBack();
    void worker?.terminate();
  }

  private fallBack(): void {
    this.worker = null;
    for (const request of this.pending.splice(0)) request.resolve(recoverHere(request.digest, request.rs, request.recovery));
  }
}

function recoverHere(digest: Uint8Array, rs: Uint8Array, recovery: 0 | 1): string | null {
  const point = recoverPublicKey(digest, { rs, recovery });
  return point ? addressOfPublicKey(point) : null;
}
