/** 256-bit big-endian words ↔ bigint through DataView (no hex strings for secret values). */

/** Big-endian 32 bytes → bigint, without going through a hex string. */
export function bytes32ToBigint(bytes: Uint8Array): bigint {
  if (bytes.length !== 32) throw new Error('expected 32 bytes');
  const view = new DataView(bytes.buffer, bytes.byteOffset, 32);
  return (
    (view.getBigUint64(0) << 192n) |
    (view.getBigUint64(8) << 128n) |
    (view.getBigUint64(16) << 64n) |
    view.getBigUint64(24)
  );
}

/** bigint (0 ≤ v < 2^256) → 32 big-endian bytes into `out`. */
export function bigintToBytes32(v: bigint, out: Uint8Array): Uint8Array {
  const view = new DataView(out.buffer, out.byteOffset, 32);
  view.setBigUint64(0, BigInt.asUintN(64, v >> 192n));
  view.setBigUint64(8, BigInt.asUintN(64, v >> 128n));
  view.setBigUint64(16, BigInt.asUintN(64, v >> 64n));
  view.setBigUint64(24, BigInt.asUintN(64, v));
  return out;
}
