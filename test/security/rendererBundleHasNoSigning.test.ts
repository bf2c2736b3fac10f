/**
 * The renderer bundle carries no signing code (issue 7, §1): built with the real
 * vite.renderer.config.ts into a temporary folder, no emitted file may contain the marks the
 * signing code leaves in any bundle that includes it. A planted build of one module that imports
 * src/signing shows the marks are found when the code is there, so the first assertion cannot
 * pass by looking for strings that never survive bundling. (The eslint layer rules keep the
 * imports out in the first place: test/unit/lint/layerImports.test.ts.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Strings that only the signing code and its libraries put into a bundle. */
const SIGNING_MARKS = [
  // EIP-712 domain type string of the order hashing (src/signing/orderHashing.ts).
  'EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)',
  // ClobAuth (src/signing/clobAuth.ts).
  'This message attests that I control the given wallet',
  'ClobAuthDomain',
  // Perps operation types (src/signing/perpsOperations.ts).
  'InternalTransfer',
  // tiny-secp256k1 and hash-wasm (minifiers keep property names and strings, not local names).
  'signRecoverable',
  'secp256k1',
  'keccak',
  // Our own error texts in src/signing.
  'no Ethereum-encodable signature',
] as const;

const scratch = mkdtempSync(join(tmpdir(), 'marketdesk-bundle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every mark found in the emitted .js/.html/.css files under `dir`, with the file it is in. */
function marksIn(dir: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir).filter((f) => /\.(m?js|html|css)$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    for (const mark of SIGNING_MARKS) if (text.toLowerCase().includes(mark.toLowerCase())) found.push(`${mark} in ${file}`);
  }
  return found;
}

describe('renderer bundle', () => {
  it('builds with vite.renderer.config.ts and contains no signing code', async () => {
    const outDir = join(scratch, 'renderer');
    await build({
      configFile: resolve(repoRoot, 'vite.renderer.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(marksIn(outDir)).toEqual([]);
  }, 120_000);

  it('the scan finds the signing code when a module imports it (planted import)', async () => {
    const entry = join(scratch, 'planted.ts');
    writeFileSync(
      entry,
      [
        `import { buildSignedOrder } from ${JSON.stringify(resolve(repoRoot, 'src/signing/buildOrder.ts'))};`,
        `import { clobAuthTypedData } from ${JSON.stringify(resolve(repoRoot, 'src/signing/clobAuth.ts'))};`,
        'export const planted = [buildSignedOrder, clobAuthTypedData];',
      ].join('\n'),
    );
    const outDir = join(scratch, 'planted');
    await build({
      configFile: false,
      root: scratch,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, target: 'esnext', lib: { entry, formats: ['es'], fileName: 'planted' } },
    });
    const found = marksIn(outDir).map((line) => line.split(' in ')[0]);
    expect(found).toEqual(expect.arrayContaining(['EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)', 'ClobAuthDomain', 'signRecoverable', 'keccak']));
  }, 120_000);
});
