// Flat config. The `no-restricted-imports` blocks enforce the layer directions of DESIGN.md:
// renderer → shared; preload → shared (+ electron); main → shared, signing; sandbox → shared,
// signing; signing → shared (+ Node built-ins). The signing code (src/signing: order hashing and
// signatures, L2 HMAC, ClobAuth, perps operations) never reaches the renderer or the preload.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const layer = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

const electronOnlyInShell = {
  name: 'electron',
  message: 'Only the Electron shell (src/main/electron) and the preload may import electron.',
};

const nodeForbidden = (where) =>
  nodeBuiltins.map((name) => ({ name, message: `${where} cannot use Node built-ins.` }));

const electronSubpaths = (message) => ({ group: ['electron/*'], message });
// The signing layer and the libraries that compute for it: only main and the sandbox load them.
const noSigning = (where) => ({
  group: [
    '**/signing/**', '**/signing', 'tiny-secp256k1', 'tiny-secp256k1/**', 'hash-wasm', 'hash-wasm/**',
    // The other libraries that can sign or hash keys: a renderer that never loads them cannot
    // grow a signing path by accident.
    '@noble/curves', '@noble/curves/**', '@noble/hashes', '@noble/hashes/**', 'viem/accounts', 'viem/accounts/**',
  ],
  message: `${where} cannot import the signing code (src/signing) or its libraries: only main and the sandbox sign and verify.`,
});
const nodePrefixed = (where) => ({ group: ['node:*'], message: `${where} cannot use Node built-ins.` });
// A regex, because a '**/sandbox' glob would also block 'sandbox/start' despite '!' exceptions.
const sandboxIndex = {
  regex: '(^|/)sandbox(/index(\\.ts)?)?$',
  message: 'Main imports only the sandbox start function (src/sandbox/start), never its internals.',
};
const noDynamicElectronImport = (files) => ({
  files,
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'ImportExpression[source.value=/^electron(\\/|$)/]',
        message: 'Only the Electron shell (src/main/electron) and the preload may import electron.',
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'test/fixtures/lint/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  layer(
    ['src/renderer/**/*.{ts,tsx}'],
    [
      { group: ['**/main/**', '**/main', '**/preload/**', '**/sandbox/**', '**/sandbox'], message: 'The renderer talks only to window.api; it imports src/shared and its own files.' },
      noSigning('The renderer'),
      electronSubpaths('The renderer cannot import electron.'),
      nodePrefixed('The renderer'),
    ],
    [{ ...electronOnlyInShell, message: 'The renderer cannot import electron.' }, ...nodeForbidden('The renderer')],
  ),
  layer(
    ['src/shared/**/*.ts'],
    [
      {
        group: ['**/main/**', '**/main', '**/renderer/**', '**/renderer', '**/preload/**', '**/preload', '**/sandbox/**', '**/sandbox', 'react', 'react-dom'],
        message: 'src/shared is imported by every side and imports none of them.',
      },
      noSigning('src/shared'),
      electronSubpaths('src/shared cannot import electron.'),
      nodePrefixed('src/shared'),
    ],
    [{ ...electronOnlyInShell, message: 'src/shared cannot import electron.' }, ...nodeForbidden('src/shared')],
  ),
  layer(
    ['src/preload/**/*.ts'],
    [
      { group: ['**/main/**', '**/renderer/**', '**/sandbox/**'], message: 'The preload only builds window.api from src/shared.' },
      noSigning('The preload'),
      nodePrefixed('The preload'),
    ],
    nodeForbidden('The preload'),
  ),
  layer(
    ['src/main/core/**/*.ts', 'src/main/web/**/*.ts'],
    [
      { group: ['**/renderer/**', '**/preload/**', '**/main/electron/**', '**/electron/**'], message: 'The core and the web host are transport-agnostic and run under plain Node.' },
      { group: ['**/sandbox/**', '!**/sandbox/start', '!**/sandbox/start.ts'], message: 'Main imports only the sandbox start function (src/sandbox/start), never its internals.' },
      sandboxIndex,
    ],
    [{ ...electronOnlyInShell, message: 'The core must run under plain Node: no electron imports.' }],
  ),
  layer(
    ['src/main/electron/**/*.ts'],
    [
      { group: ['**/renderer/**', '**/preload/**'], message: 'The shell does not import the renderer or the preload.' },
      { group: ['**/sandbox/**', '!**/sandbox/start', '!**/sandbox/start.ts'], message: 'Main imports only the sandbox start function (src/sandbox/start), never its internals.' },
      sandboxIndex,
    ],
  ),
  layer(
    ['src/sandbox/**/*.ts'],
    [
      { group: ['**/main/**', '**/main', '**/renderer/**', '**/preload/**'], message: 'The sandbox is a separate server: it imports only src/shared.' },
      electronSubpaths('The sandbox cannot import electron.'),
    ],
    [{ ...electronOnlyInShell, message: 'The sandbox cannot import electron.' }],
  ),
  layer(
    ['src/signing/**/*.ts'],
    [
      {
        group: ['**/main/**', '**/main', '**/renderer/**', '**/renderer', '**/preload/**', '**/preload', '**/sandbox/**', '**/sandbox', 'react', 'react-dom'],
        message: 'src/signing is imported by main and the sandbox; it imports only src/shared, libraries and Node built-ins.',
      },
      electronSubpaths('src/signing cannot import electron.'),
    ],
    [{ ...electronOnlyInShell, message: 'src/signing cannot import electron.' }],
  ),
  noDynamicElectronImport([
    'src/signing/**/*.ts',
    'src/renderer/**/*.{ts,tsx}',
    'src/shared/**/*.ts',
    'src/main/core/**/*.ts',
    'src/main/web/**/*.ts',
    'src/sandbox/**/*.ts',
  ]),
);
