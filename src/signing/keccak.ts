/**
 * Keccak-256 (the Ethereum variant, not SHA3-256) from hash-wasm: a maintained WebAssembly build,
 * about 16 times faster than @noble/hashes on the 384–416-byte order structs (measured in
 * docs/decisions/, "Signing and cryptography"). We compute no hash ourselves.
 *
 * hash-wasm instantiates its WebAssembly asynchronously, once; the top-level await below does
 * it while this module loads, so by the time any importer runs, hashing is synchronous. Only
 * the ESM loaders of main (Electron, tsx) and the sandbox load this module, and both support
 * top-level await; the renderer and preload never import src/signing (eslint layer rule).
 */
import { createKeccak } from 'hash-wasm';

const hasher = await createKeccak(256);

/** keccak256(data) as a new 32-byte array. Synchronous: the hasher is never shared across an await. */
export function keccak256(data: Uint8Array): Uint8Array {
  hasher.init();
  hasher.update(data);
  return hasher.digest('binary');
}

/** keccak256(data) written into out[offset … offset + 32). */
export function keccak256Into(data: Uint8Array, out: Uint8Array, offset = 0): void {
  out.set(keccak256(data), offset);
}
