/**
 * HMAC-SHA256 for the RFC 6979 nonce of order signatures, and nothing else.
 *
 * Why not @noble/hashes' `hmac(sha256, …)`: every call allocates two hash instances and pads the
 * key again, which costs ~15 µs here, and RFC 6979 needs five HMACs per signature. This keeps the
 * keyed inner/outer midstates of a key (`HmacKey`) so the two HMACs under the same key only run
 * the message blocks, and reuses scratch buffers. The output is cross-checked against
 * @noble/hashes in test/unit/orders/crypto.test.ts.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const W = new Uint32Array(64);

/** One SHA-256 compression of the 64-byte block at `block[offset…]` into `state`. */
function compress(state: Uint32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = ((block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!) >>> 0;
  }
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!;
  let e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Scratch for the padded message tail: the messages here are at most 97 bytes plus padding. */
const tail = new Uint8Array(256);
const work = new Uint32Array(8);

/**
 * Finishes a hash whose first 64 bytes were already compressed into `midstate`: runs `parts`
 * (concatenated) and the padding, writes the 32-byte digest to `out`.
 */
function finish(midstate: Uint32Array, parts: readonly Uint8Array[], out: Uint8Array): void {
  let length = 0;
  for (const part of parts) {
    tail.set(part, length);
    length += part.length;
  }
  if (length > 183) throw new Error('hmacSha256: message too long for the RFC 6979 scratch');
  const bitLength = (length + 64) * 8;
  tail[length] = 0x80;
  const blocks = length + 9 <= 64 ? 1 : length + 9 <= 128 ? 2 : 3;
  const end = blocks * 64;
  tail.fill(0, length + 1, end - 4);
  tail[end - 4] = bitLength >>> 24;
  tail[end - 3] = (bitLength >>> 16) & 0xff;
  tail[end - 2] = (bitLength >>> 8) & 0xff;
  tail[end - 1] = bitLength & 0xff;
  work.set(midstate);
  for (let b = 0; b < blocks; b++) compress(work, tail, b * 64);
  for (let i = 0; i < 8; i++) {
    const v = work[i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 0xff;
    out[i * 4 + 2] = (v >>> 8) & 0xff;
    out[i * 4 + 3] = v & 0xff;
  }
  tail.fill(0);
}

/** The inner and outer midstates of an HMAC key (at most 64 bytes). */
export interface HmacKey {
  inner: Uint32Array;
  outer: Uint32Array;
}

const pad = new Uint8Array(64);

export function hmacKey(key: Uint8Array, into?: HmacKey): HmacKey {
  if (key.length > 64) throw new Error('hmacSha256: keys longer than one block are not supported');
  const target = into ?? { inner: new Uint32Array(8), outer: new Uint32Array(8) };
  pad.fill(0x36);
  for (let i = 0; i < key.length; i++) pad[i] = 0x36 ^ key[i]!;
  target.inner.set(IV);
  compress(target.inner, pad, 0);
  pad.fill(0x5c);
  for (let i = 0; i < key.length; i++) pad[i] = 0x5c ^ key[i]!;
  target.outer.set(IV);
  compress(target.outer, pad, 0);
  pad.fill(0);
  return target;
}

const innerDigest = new Uint8Array(32);

/** HMAC-SHA256(key, concat(parts)) into `out` (32 bytes). */
export function hmacSha256(key: HmacKey, parts: readonly Uint8Array[], out: Uint8Array): Uint8Array {
  finish(key.inner, parts, innerDigest);
  finish(key.outer, [innerDigest], out);
  innerDigest.fill(0);
  return out;
}

/** Erases a key's midstates (they are as good as the key). */
export function wipeHmacKey(key: HmacKey): void {
  key.inner.fill(0);
  key.outer.fill(0);
}

/** Erases the module scratch (message schedule and working state: they held the nonce). */
export function wipeHmacScratch(): void {
  W.fill(0);
  work.fill(0);
  innerDigest.fill(0);
}
