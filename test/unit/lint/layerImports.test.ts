// The import directions of DESIGN.md are enforced by eslint.config.js's no-restricted-imports
// blocks. These tests lint one-line files at virtual paths in each layer with the repository's
// real config, so a loosened rule (or a glob that stops matching) fails here.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-imports messages for `code` placed at `filePath` (relative to the repo). */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, {
    filePath: resolve(repoRoot, filePath),
  });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((message) => message.fatal);
  expect(fatal, `${filePath} did not parse`).toEqual([]);
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const rejected: Array<[string, string, string]> = [
  ['the renderer importing electron', 'src/renderer/x.tsx', "import { app as x } from 'electron';"],
  ['src/shared importing electron', 'src/shared/x.ts', "import { app as x } from 'electron';"],
  ['the core importing electron', 'src/main/core/x.ts', "import { app as x } from 'electron';"],
  ['the web host importing electron', 'src/main/web/x.ts', "import { app as x } from 'electron';"],
  ['the sandbox importing electron', 'src/sandbox/x.ts', "import { app as x } from 'electron';"],
  ['the renderer importing node:fs', 'src/renderer/x.tsx', "import x from 'node:fs';"],
  ['the renderer importing fs', 'src/renderer/views/x.tsx', "import x from 'fs';"],
  ['src/shared importing node:fs', 'src/shared/x.ts', "import x from 'node:fs';"],
  ['src/shared importing node:crypto', 'src/shared/protocol/x.ts', "import x from 'node:crypto';"],
  ['the preload importing node:fs', 'src/preload/x.ts', "import x from 'node:fs';"],
  ['the renderer importing the core', 'src/renderer/x.tsx', "import { x } from '../main/core/something';"],
  ['a nested renderer file importing the core', 'src/renderer/views/markets/x.tsx', "import { x } from '../../../main/core/something';"],
  ['the renderer importing the preload', 'src/renderer/x.tsx', "import { x } from '../preload/ipcBridgeTransport';"],
  ['the renderer importing the sandbox', 'src/renderer/x.tsx', "import { x } from '../sandbox/start';"],
  ['the core importing sandbox internals', 'src/main/core/x/y.ts', "import { x } from '../../../sandbox/world/generate';"],
  ['the core importing sandbox internals', 'src/main/core/x.ts', "import { x } from '../../sandbox/world/generate';"],
  ['the core importing the Electron shell', 'src/main/core/x.ts', "import { x } from '../electron/windowPolicy';"],
  ['the shell importing sandbox internals', 'src/main/electron/x.ts', "import { x } from '../../sandbox/engine/matching';"],
  ['the sandbox importing the core', 'src/sandbox/world/x.ts', "import { x } from '../../main/core/x';"],
  ['the sandbox importing the core', 'src/sandbox/x.ts', "import { x } from '../main/core/net/httpClient';"],
  ['src/shared importing the core', 'src/shared/x.ts', "import { x } from '../main/core/coreApi';"],
  ['src/shared importing react', 'src/shared/x.ts', "import x from 'react';"],
  ['the renderer importing an electron subpath', 'src/renderer/x.tsx', "import { ipcRenderer as x } from 'electron/renderer';"],
  ['the renderer importing a prefix-only built-in', 'src/renderer/x.tsx', "import x from 'node:test';"],
  ['src/shared importing a prefix-only built-in', 'src/shared/x.ts', "import x from 'node:sqlite';"],
  ['the sandbox importing an electron subpath', 'src/sandbox/x.ts', "import { app as x } from 'electron/main';"],
  ['the core importing the sandbox index', 'src/main/core/x.ts', "import { x } from '../../sandbox';"],
  ['the sandbox importing main through its index', 'src/sandbox/x.ts', "import { x } from '../main';"],
  ['the renderer importing the signing code', 'src/renderer/x.tsx', "import { x } from '../signing/orderSigning';"],
  ['a nested renderer file importing the signing code', 'src/renderer/views/trade/ticket/x.tsx', "import { x } from '../../../../signing/buildOrder';"],
  ['the renderer importing tiny-secp256k1', 'src/renderer/x.tsx', "import { signRecoverable as x } from 'tiny-secp256k1';"],
  ['the renderer importing hash-wasm', 'src/renderer/x.tsx', "import { createKeccak as x } from 'hash-wasm';"],
  ['the renderer importing @noble/curves', 'src/renderer/x.tsx', "import { secp256k1 as x } from '@noble/curves/secp256k1.js';"],
  ['the renderer importing viem/accounts', 'src/renderer/x.tsx', "import { privateKeyToAccount as x } from 'viem/accounts';"],
  ['the preload importing @noble/hashes', 'src/preload/x.ts', "import { keccak_256 as x } from '@noble/hashes/sha3.js';"],
  ['the preload importing the signing code', 'src/preload/x.ts', "import { x } from '../signing/l2Hmac';"],
  ['the preload importing tiny-secp256k1', 'src/preload/x.ts', "import { recover as x } from 'tiny-secp256k1';"],
  ['src/shared importing the signing code', 'src/shared/orders/x.ts', "import { x } from '../../signing/orderHashing';"],
  ['src/shared importing hash-wasm', 'src/shared/x.ts', "import { createKeccak as x } from 'hash-wasm';"],
  ['src/signing importing the core', 'src/signing/x.ts', "import { x } from '../main/core/coreError';"],
  ['src/signing importing the sandbox', 'src/signing/x.ts', "import { x } from '../sandbox/start';"],
  ['src/signing importing the renderer', 'src/signing/x.ts', "import { x } from '../renderer/stores/books';"],
  ['src/signing importing electron', 'src/signing/x.ts', "import { app as x } from 'electron';"],
];

const accepted: Array<[string, string, string]> = [
  ['the Electron shell importing electron', 'src/main/electron/x.ts', "import { app as x } from 'electron';"],
  ['the preload importing electron', 'src/preload/x.ts', "import { contextBridge as x } from 'electron';"],
  ['the core importing the sandbox start function', 'src/main/core/x.ts', "import { x } from '../../sandbox/start';"],
  ['the shell importing the sandbox start function', 'src/main/electron/x.ts', "import { x } from '../../sandbox/start';"],
  ['the shell importing the core', 'src/main/electron/x.ts', "import { x } from '../core/createCore';"],
  ['the core using Node built-ins', 'src/main/core/x.ts', "import x from 'node:fs';"],
  ['the sandbox using Node built-ins', 'src/sandbox/x.ts', "import x from 'node:http';"],
  ['the renderer importing src/shared', 'src/renderer/x.tsx', "import { x } from '../shared/contract';"],
  ['the preload importing src/shared', 'src/preload/x.ts', "import { x } from '../shared/contract';"],
  ['the sandbox importing src/shared', 'src/sandbox/x.ts', "import { x } from '../shared/protocol/clob';"],
  ['the renderer importing its own files', 'src/renderer/views/x.tsx', "import { x } from '../stores/books';"],
  ['the core importing the signing code', 'src/main/core/trading/x.ts', "import { x } from '../../../signing/buildOrder';"],
  ['the sandbox importing the signing code', 'src/sandbox/trading/x.ts', "import { x } from '../../signing/orderSigning';"],
  ['src/signing importing src/shared', 'src/signing/x.ts', "import { x } from '../shared/orders/orderSchema';"],
  ['src/signing using Node built-ins', 'src/signing/x.ts', "import { createHmac as x } from 'node:crypto';"],
  ['src/signing importing its libraries', 'src/signing/x.ts', "import { signRecoverable as x } from 'tiny-secp256k1';"],
  ['the renderer importing the order layout constants', 'src/renderer/views/trade/ticket/x.tsx', "import { MAX_ORDERS_PER_BATCH as x } from '../../../../shared/orders/orderSchema';"],
];


describe('layer import rules (eslint no-restricted-imports)', () => {
  it.each(rejected)('rejects %s (%s)', async (_what, filePath, code) => {
    expect(await restrictedImports(filePath, code)).not.toEqual([]);
  });

  it.each(accepted)('accepts %s (%s)', async (_what, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});

describe('dynamic electron imports', () => {
  it('rejects import("electron") outside the shell and the preload', async () => {
    const [result] = await eslint.lintText("export const x = import('electron');\n", {
      filePath: resolve(repoRoot, 'src/main/core/x.ts'),
    });
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-syntax');
  });
});
