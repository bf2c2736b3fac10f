/**
 * secp256k1 field arithmetic and Jacobian point formulas on bigints, tuned for order signing.
 *
 * Why not @noble/curves' Point: its complete projective formulas and generic `%` reduction cost
 * about twice these special-form ones, and its `sign()` spends most of its time in a
 * constant-time endomorphism multiply that a fixed-base table does in 33 mixed additions (see
 * secp256k1.ts). Every result here is cross-checked against viem/noble in
 * test/unit/orders/crypto.test.ts. Like noble, bigint arithmetic is not constant time.
 */

export const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
export const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
export const HALF_N = N >> 1n;
export const GX = 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n;
export const GY = 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n;
/** β with (x, y) ↦ (βx, y) equal to multiplication by λ (the GLV endomorphism). */
export const BETA = 0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een;

const MASK256 = (1n << 256n) - 1n;
/** 2^256 mod P = 2^32 + 977: reduction of a 512-bit product folds the high half with it. */
const FOLD = 0x1000003d1n;

/** x mod P for 0 ≤ x < 2^512 (two folds and one conditional subtraction). */
export function fRed(x: bigint): bigint {
  let r = (x & MASK256) + (x >> 256n) * FOLD;
  r = (r & MASK256) + (r >> 256n) * FOLD;
  return r >= P ? r - P : r;
}

export function fMul(a: bigint, b: bigint): bigint {
  return fRed(a * b);
}

export function fSqr(a: bigint): bigint {
  return fRed(a * a);
}

export function fAdd(a: bigint, b: bigint): bigint {
  const r = a + b;
  return r >= P ? r - P : r;
}

export function fSub(a: bigint, b: bigint): bigint {
  const r = a - b;
  return r < 0n ? r + P : r;
}

/**
 * a^-1 mod m for 0 < a < m, m prime. Extended Euclid, accelerated with Lehmer's method (Knuth,
 * TAOCP 4.5.2, Algorithm L): while the remainders are large, runs the quotient sequence on their
 * leading 48 bits in doubles and applies the 2×2 cofactor matrix to the bigints once per ~24 bits,
 * instead of one bigint division per quotient. Only the coefficient of a is tracked.
 */
export function invertMod(a: bigint, m: bigint): bigint {
  if (a <= 0n || a >= m) throw new Error('invertMod: value out of range');
  let r0 = m;
  let r1 = a;
  let t0 = 0n;
  let t1 = 1n;
  while (r1 !== 0n) {
    if (r0 > LEHMER_THRESHOLD) {
      // Leading LEHMER_BITS bits of r0 and the bits of r1 at the same position.
      const shift = approxBitLength(r0) - LEHMER_BITS;
      const bigShift = BigInt(shift);
      let x = Number(r0 >> bigShift);
      let y = Number(r1 >> bigShift);
      let A = 1;
      let B = 0;
      let C = 0;
      let D = 1;
      for (;;) {
        if (y + C === 0 || y + D === 0) break;
        const q = Math.floor((x + A) / (y + C));
        if (q !== Math.floor((x + B) / (y + D))) break;
        let t = A - q * C;
        A = C;
        C = t;
        t = B - q * D;
        B = D;
        D = t;
        t = x - q * y;
        x = y;
        y = t;
      }
      if (B !== 0) {
        const bA = BigInt(A);
        const bB = BigInt(B);
        const bC = BigInt(C);
        const bD = BigInt(D);
        const n0 = bA * r0 + bB * r1;
        r1 = bC * r0 + bD * r1;
        r0 = n0;
        const s0 = bA * t0 + bB * t1;
        t1 = bC * t0 + bD * t1;
        t0 = s0;
        continue;
      }
    }
    const q = r0 / r1;
    const r2 = r0 - q * r1;
    r0 = r1;
    r1 = r2;
    const t2 = t0 - q * t1;
    t0 = t1;
    t1 = t2;
  }
  if (r0 !== 1n) throw new Error('invertMod: not invertible');
  const inv = t0 % m;
  return inv < 0n ? inv + m : inv;
}

/** Leading bits simulated in doubles: cofactors and partial remainders stay below 2^49 < 2^53. */
const LEHMER_BITS = 48;
const LEHMER_THRESHOLD = 1n << 64n;

/**
 * The bit length of v > 2^64, or one more (Number(v) may round up to the next power of two);
 * either keeps the simulated leading digits within 49 bits.
 */
function approxBitLength(v: bigint): number {
  return Math.floor(Math.log2(Number(v))) + 1;
}

function sqrN(x: bigint, times: number): bigint {
  let r = x;
  for (let i = 0; i < times; i++) r = fRed(r * r);
  return r;
}

/** √a mod P (a^((P+1)/4), P ≡ 3 mod 4), or null when a is not a square. Same chain as noble. */
export function fSqrt(a: bigint): bigint | null {
  const b2 = fMul(fSqr(a), a);
  const b3 = fMul(fSqr(b2), a);
  const b6 = fMul(sqrN(b3, 3), b3);
  const b9 = fMul(sqrN(b6, 3), b3);
  const b11 = fMul(sqrN(b9, 2), b2);
  const b22 = fMul(sqrN(b11, 11), b11);
  const b44 = fMul(sqrN(b22, 22), b22);
  const b88 = fMul(sqrN(b44, 44), b44);
  const b176 = fMul(sqrN(b88, 88), b88);
  const b220 = fMul(sqrN(b176, 44), b44);
  const b223 = fMul(sqrN(b220, 3), b3);
  const t1 = fMul(sqrN(b223, 23), b22);
  const t2 = fMul(sqrN(t1, 6), b2);
  const root = sqrN(t2, 2);
  return fSqr(root) === a ? root : null;
}

/** A point in Jacobian coordinates (X/Z², Y/Z³); z = 0 is the point at infinity. */
export interface Jacobian {
  x: bigint;
  y: bigint;
  z: bigint;
}

export const INFINITY: Jacobian = Object.freeze({ x: 0n, y: 1n, z: 0n });

/** 2·p (dbl-2009-l, a = 0). */
export function dbl(p: Jacobian): Jacobian {
  if (p.z === 0n || p.y === 0n) return INFINITY;
  const A = fSqr(p.x);
  const B = fSqr(p.y);
  const C = fSqr(B);
  const t = fSub(fSub(fSqr(fAdd(p.x, B)), A), C);
  const D = fAdd(t, t);
  const E = fAdd(fAdd(A, A), A);
  const x3 = fSub(fSqr(E), fAdd(D, D));
  const c2 = fAdd(C, C);
  const c4 = fAdd(c2, c2);
  const y3 = fSub(fMul(E, fSub(D, x3)), fAdd(c4, c4));
  const yz = fMul(p.y, p.z);
  return { x: x3, y: y3, z: fAdd(yz, yz) };
}

/**
 * p + (qx, qy) with q affine and not infinity (madd-2007-bl). Handles p = ±q and p = ∞, so it is
 * correct for any input; the exceptional branches are only taken for public data or with
 * negligible probability in signing.
 */
export function madd(p: Jacobian, qx: bigint, qy: bigint): Jacobian {
  if (p.z === 0n) return { x: qx, y: qy, z: 1n };
  const z1z1 = fSqr(p.z);
  const u2 = fMul(qx, z1z1);
  const s2 = fMul(qy, fMul(p.z, z1z1));
  const h = fSub(u2, p.x);
  const sd = fSub(s2, p.y);
  const r = fAdd(sd, sd);
  if (h === 0n) return r === 0n ? dbl(p) : INFINITY;
  const hh = fSqr(h);
  const hh2 = fAdd(hh, hh);
  const i = fAdd(hh2, hh2);
  const j = fMul(h, i);
  const v = fMul(p.x, i);
  const x3 = fSub(fSub(fSqr(r), j), fAdd(v, v));
  const yj = fMul(p.y, j);
  const y3 = fSub(fMul(r, fSub(v, x3)), fAdd(yj, yj));
  const z3 = fSub(fSub(fSqr(fAdd(p.z, h)), z1z1), hh);
  return { x: x3, y: y3, z: z3 };
}

/** p + q, both Jacobian (add-2007-bl), any inputs. */
export function add(p: Jacobian, q: Jacobian): Jacobian {
  if (p.z === 0n) return q;
  if (q.z === 0n) return p;
  const z1z1 = fSqr(p.z);
  const z2z2 = fSqr(q.z);
  const u1 = fMul(p.x, z2z2);
  const u2 = fMul(q.x, z1z1);
  const s1 = fMul(p.y, fMul(q.z, z2z2));
  const s2 = fMul(q.y, fMul(p.z, z1z1));
  const h = fSub(u2, u1);
  const sd = fSub(s2, s1);
  const r = fAdd(sd, sd);
  if (h === 0n) return r === 0n ? dbl(p) : INFINITY;
  const hh = fSqr(h);
  const hh2 = fAdd(hh, hh);
  const i = fAdd(hh2, hh2);
  const j = fMul(h, i);
  const v = fMul(u1, i);
  const x3 = fSub(fSub(fSqr(r), j), fAdd(v, v));
  const sj = fMul(s1, j);
  const y3 = fSub(fMul(r, fSub(v, x3)), fAdd(sj, sj));
  const z3 = fMul(fSub(fSub(fSqr(fAdd(p.z, q.z)), z1z1), z2z2), h);
  return { x: x3, y: y3, z: z3 };
}

/** Affine coordinates of a finite point (one inversion). */
export function toAffine(p: Jacobian): { x: bigint; y: bigint } {
  if (p.z === 0n) throw new Error('secp256k1: point at infinity');
  if (p.z === 1n) return { x: p.x, y: p.y };
  const zi = invertMod(p.z, P);
  const zi2 = fSqr(zi);
  return { x: fMul(p.x, zi2), y: fMul(p.y, fMul(zi2, zi)) };
}

/** Affine coordinates of many finite points with one inversion (Montgomery's trick). */
export function batchToAffine(points: readonly Jacobian[]): { xs: bigint[]; ys: bigint[] } {
  const count = points.length;
  const prefix: bigint[] = new Array<bigint>(count);
  let acc = 1n;
  for (let i = 0; i < count; i++) {
    const z = points[i]!.z;
    if (z === 0n) throw new Error('secp256k1: point at infinity');
    prefix[i] = acc;
    acc = fMul(acc, z);
  }
  let inv = invertMod(acc, P);
  const xs: bigint[] = new Array<bigint>(count);
  const ys: bigint[] = new Array<bigint>(count);
  for (let i = count - 1; i >= 0; i--) {
    const p = points[i]!;
    const zi = fMul(inv, prefix[i]!);
    inv = fMul(inv, p.z);
    const zi2 = fSqr(zi);
    xs[i] = fMul(p.x, zi2);
    ys[i] = fMul(p.y, fMul(zi2, zi));
  }
  return { xs, ys };
}

/** Whether (x, y) is on y² = x³ + 7. */
export function isOnCurve(x: bigint, y: bigint): boolean {
  if (x < 0n || x >= P || y < 0n || y >= P) return false;
  return fSqr(y) === fAdd(fMul(fSqr(x), x), 7n);
}

/** Splits k (mod N) into k1 + k2·λ with |k1|, |k2| < 2^128 (the constants are noble's). */
export function splitScalar(k: bigint): { k1: bigint; k1neg: boolean; k2: bigint; k2neg: boolean } {
  const a1 = 0x3086d221a7d46bcde86c90e49284eb15n;
  const b1 = -0xe4437ed6010e88286f547fa90abfe4c3n;
  const a2 = 0x114ca50f7a8e2f3f657c1108d9d44cfd8n;
  const b2 = a1;
  const c1 = divNearest(b2 * k, N);
  const c2 = divNearest(-b1 * k, N);
  let k1 = modN(k - c1 * a1 - c2 * a2);
  let k2 = modN(-c1 * b1 - c2 * b2);
  const bound = 1n << 128n;
  const k1neg = k1 > bound;
  const k2neg = k2 > bound;
  if (k1neg) k1 = N - k1;
  if (k2neg) k2 = N - k2;
  if (k1 > bound || k2 > bound) throw new Error('secp256k1: endomorphism split failed');
  return { k1, k1neg, k2, k2neg };
}

function divNearest(a: bigint, b: bigint): bigint {
  return (a + b / 2n) / b;
}

export function modN(a: bigint): bigint {
  const r = a % N;
  return r < 0n ? r + N : r;
}
