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
 * uncompressed public key, last 20 bytes), or null. Each request is one 97-byte array (digest 32
 * ‖ r ‖ s 64 ‖ recovery id 1) and each answer a 20-byte array or null, in the order asked: a
 * bare typed array is the cheapest message to clone, so no ids and no transfer lists (both
 * measured slower for messages this small). Hashing the key there too keeps the event loop's
 * share of a POST /order small. Messages wait in the port until the keccak WebAssembly is ready
 * and the listener is attached.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { recover } = require(workerData.secp256k1);
const { createKeccak } = require(workerData.keccak);
createKeccak(256).then((keccak) => {
  parentPort.on('message', (request) => {
    let address = null;
    try {
      const point = recover(request.subarray(0, 32), request.subarray(32, 96), request[96], false);
      if (point) {
        keccak.init();
        keccak.update(point.subarray(1, 65));
        address = keccak.digest('binary').subarray(12);
      }
    } catch { address = null; }
    parentPort.postMessage(address);
  });
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
  /** Asked and not yet answered, oldest first: the worker answers in the same order. */
  private pending: Pending[] = [];

  constructor() {
    try {
      const resolveModule = createRequire(import.meta.url).resolve;
      const workerData = { secp256k1: resolveModule('tiny-secp256k1'), keccak: resolveModule('hash-wasm') };
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
      worker.unref();
      worker.on('message', (address: Uint8Array | null) => {
        this.pending.shift()?.resolve(address ? bytesToHex(address) : null);
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
      this.pending.push({ digest, rs: parsed.rs, recovery: parsed.recovery, resolve });
      const request = new Uint8Array(97);
      request.set(digest, 0);
      request.set(parsed.rs, 32);
      request[96] = parsed.recovery;
      this.worker!.postMessage(request);
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
    for (const request of this.pending.splice(0)) request.resolve(recoverHere(request.digest, request.rs, request.recovery));
  }
}

function recoverHere(digest: Uint8Array, rs: Uint8Array, recovery: 0 | 1): string | null {
  const point = recoverPublicKey(digest, { rs, recovery });
  return point ? addressOfPublicKey(point) : null;
}
