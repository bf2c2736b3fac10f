/**
 * Issue 19, finding: after a reveal in browser mode, an ASCII-hex copy of the private key stayed in
 * the host's heap (the one-time page was built as a JS string and held until opened). The page is
 * now built as bytes around the key and zeroed once sent. A heap snapshot (taken after a full
 * collection, so it holds what is reachable) is searched for the key's hex while the page waits
 * to be opened and after it was served: no JavaScript string holds it. The needle itself is kept
 * in a Buffer (buffers' bytes are not part of a heap snapshot) and zeroed at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneTimePageServer, type RunningOneTimePageServer } from '../../src/main/web/oneTimePageServer';
import { OneTimePages } from '../../src/main/web/oneTimePages';
import type { AccountsState, SecretRevealResult } from '../../src/shared/custodyViews';
import { callOk, startHarness, type Harness } from '../integration/core/coreHarness';

const COOKIE = 'marketdesk_session_1=the-users-browser';
const PASSWORD = 'reveal heap password';
let harness: Harness;
let server: RunningOneTimePageServer;
let scratch = '';

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'marketdesk-heap-'));
  let origin = '';
  const pages = new OneTimePages(() => origin, (cookie) => cookie === COOKIE);
  server = await startOneTimePageServer(pages);
  origin = server.origin;
  harness = await startHarness({ secretPresenter: pages, simulate: false });
});
afterAll(async () => {
  await harness?.stop();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The page's bytes, as the browser receives them (never turned into a string here). */
function openPage(url: string): Promise<Buffer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, agent: false, headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', cookie: COOKIE } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve(Buffer.concat(chunks));
        for (const chunk of chunks) chunk.fill(0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

let snapshots = 0;
function heapHolds(needle: Buffer): boolean {
  const file = writeHeapSnapshot(join(scratch, `heap-${snapshots++}.heapsnapshot`));
  const snapshot = readFileSync(file);
  rmSync(file);
  const found = snapshot.indexOf(needle) >= 0;
  snapshot.fill(0);
  return found;
}

describe('a revealed key in browser mode', () => {
  it('is never held in a JavaScript string: not while its page waits, not after it was served', async () => {
    await callOk(harness, 'createVault', { password: PASSWORD });
    const accounts = await callOk<AccountsState>(harness, 'createAccount', { label: 'Heap' });
    const shown = await callOk<SecretRevealResult>(harness, 'revealAccountPrivateKey', { accountId: accounts.accounts[0]!.id, password: PASSWORD });
    // Reveal once more to learn the key as bytes, from its own page.
    const second = await callOk<SecretRevealResult>(harness, 'revealAccountPrivateKey', { accountId: accounts.accounts[0]!.id, password: PASSWORD });
    const page = await openPage(second.url!);
    const start = page.indexOf(Buffer.from('data-testid="revealed-secret">0x')) + 'data-testid="revealed-secret">0x'.length;
    const needle = Buffer.alloc(64);
    page.copy(needle, 0, start, start + 64);
    page.fill(0);
    // 64 lower-case hex digits, checked byte by byte (a string of them is what must not exist).
    expect(needle.every((byte) => (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66))).toBe(true);

    expect(heapHolds(needle)).toBe(false); // the first reveal's page still waits to be opened
    const served = await openPage(shown.url!);
    expect(served.indexOf(needle)).toBeGreaterThan(0);
    served.fill(0);
    expect(heapHolds(needle)).toBe(false);
    needle.fill(0);
  }, 120_000);
});
