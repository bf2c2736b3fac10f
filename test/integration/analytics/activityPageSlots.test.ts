/**
 * `/v2/activity` pages are written into reused memory (analytics/pageSlots.ts), on the page
 * worker when it is up: a slot must never be rewritten while a response from it is still being
 * sent or while the page cache holds it. Pages held by the cache and by waiting responses must
 * arrive with exactly the bytes they had when read alone while other pages are written into
 * freed slots. (A cache that let go too early fails this; a response that let go too early may
 * not, on loopback, where the kernel can take a whole page into its buffers at once: the
 * hold-counting itself is unit-tested in analyticsPageThread.test.ts.)
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';

let sandbox: RunningSandbox;
const user = SANDBOX_HISTORY_WALLETS.large.address;
/** The page cache holds 32 pages: the first PAGES - 32 of a walk have left it when the walk ends. */
const PAGES = 56;
const CACHED = 32;

/** GETs a path; with `slowMs`, the body is only read after that pause (the response waits in the socket). */
function read(path: string, slowMs = 0): Promise<Buffer> {
  const { port } = new URL(sandbox.urls.analytics);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      if (slowMs > 0) {
        res.pause();
        setTimeout(() => res.resume(), slowMs);
      }
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${path}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false, edge: { limits: { analytics: 1_000_000 } } });
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('activity pages in reused memory', () => {
  it('pages still being sent keep their bytes while other pages are written into reused slots', { timeout: 120_000 }, async () => {
    const paths: string[] = [];
    const alone: Buffer[] = [];
    let path = `/v2/activity?user=${user}&limit=1000`;
    for (let i = 0; i < PAGES; i += 1) {
      const body = await read(path);
      paths.push(path);
      alone.push(body);
      const cursor = (JSON.parse(body.toString('utf8')) as { pagination: { next_cursor: string } }).pagination.next_cursor;
      path = `/v2/activity?user=${user}&limit=1000&cursor=${encodeURIComponent(cursor)}`;
    }
    // The cached pages, all at once and read only after a long pause (their bytes wait in the
    // sockets); meanwhile the pages that left the cache are read again one by one, each written
    // anew into a free slot and each evicting a cached page whose response is still waiting.
    const held = paths.slice(PAGES - CACHED).map((p) => read(p, 1_500));
    const rewritten: Buffer[] = [];
    for (const p of paths.slice(0, PAGES - CACHED)) rewritten.push(await read(p));
    const heldBodies = await Promise.all(held);
    rewritten.forEach((body, i) => expect(body.equals(alone[i]!), `page ${i}`).toBe(true));
    heldBodies.forEach((body, i) => expect(body.equals(alone[PAGES - CACHED + i]!), `page ${PAGES - CACHED + i}`).toBe(true));
    // And the pages really are distinct pages of 1,000 rows.
    expect(new Set(alone.map((b) => b.subarray(0, 400).toString('latin1'))).size).toBe(PAGES);
    expect((JSON.parse(alone[PAGES - 1]!.toString('utf8')) as { data: unknown[] }).data).toHaveLength(1_000);
  });
});
