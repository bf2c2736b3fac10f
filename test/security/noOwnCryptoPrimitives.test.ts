/**
 * Issue 7, §1: Marketdesk computes no hash, MAC or curve arithmetic of its own; libraries do
 * (tiny-secp256k1, hash-wasm, node:crypto, @noble/*). A primitive cannot be written without its
 * constants, so no source file under src/ may carry them: keccak's round constants, SHA-256's
 * initial hash and round constants, secp256k1's field prime and generator. Nor may it build one
 * from parts: the prime as an expression (2^256 − 2^32 − 977), HMAC's inner and outer pads, or
 * the curve toolkit's `abstract` modules that assemble a signature scheme from field arithmetic.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');
const src = join(repoRoot, 'src');

const PRIMITIVE_CONSTANTS: Array<[string, RegExp]> = [
  ['keccak round constant', /0x0*80008081\b|0x800000000000808a/i],
  ['SHA-256 initial hash', /6a09e667/i],
  ['SHA-256 round constant', /428a2f98/i],
  ['secp256k1 field prime', /f{40,}\s*e\s*f{5}c2f|fffffffefffffc2f/i],
  ['secp256k1 generator', /79be667ef9dcbbac/i],
  ['secp256k1 field prime as an expression', /\b977n\b|-\s*977\b/],
  ['the curve toolkit’s building blocks', /@noble\/curves\/abstract/],
];

/** HMAC by hand: both pad bytes in one file (either alone is an ordinary byte). */
const HMAC_PADS = [/\b0x36\b/i, /\b0x5c\b/i];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

describe('no cryptographic primitive of our own', () => {
  it('the folder of our own primitives is gone', () => {
    expect(() => statSync(join(src, 'shared/orders/crypto'))).toThrow();
  });

  it('no source file under src/, bench/ or scripts/ carries a primitive’s constants', () => {
    const found: string[] = [];
    for (const file of ['src', 'bench', 'scripts'].flatMap((dir) => sourceFiles(join(repoRoot, dir)))) {
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of PRIMITIVE_CONSTANTS) {
        if (pattern.test(text)) found.push(`${relative(repoRoot, file)}: ${what}`);
      }
      if (HMAC_PADS.every((pad) => pad.test(text))) found.push(`${relative(repoRoot, file)}: HMAC pads`);
    }
    expect(found).toEqual([]);
  });
});
