import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebHost, type RunningWebHost } from '../../../src/main/web/webHost';
import type { HostFrame } from '../../../src/shared/webSocketProtocol';
import { startHarness, waitFor, type Harness } from '../core/coreHarness';

let harness: Harness;
let host: RunningWebHost;
let rendererDir: string;

beforeAll(async () => {
  harness = await startHarness({ bookPollIntervalMs: 300 });
  rendererDir = mkdtempSync(join(tmpdir(), 'marketdesk-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Marketdesk</title>');
  host = await startWebHost({ core: harness.core, rendererDir });
});
afterAll(async () => {
  await host?.close();
  await harness?.stop();
  rmSync(rendererDir, { recursive: true, force: true });
});

const origin = () => `http://127.0.0.1:${host.port}`;
const socketUrl = (token: string) => `ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(token)}`;

/** A raw GET: fetch would normalise the path and drop a Host header, hiding what we test. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: host.port, path, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** Resolves with the HTTP status and body of a refused upgrade, or 'open' if it was accepted. */
function tryConnect(url: string, headers: Record<string, string>): Promise<{ status: number | 'open'; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 'open', body: '' });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
  });
}

async function openBridge() {
  const socket = new WebSocket(socketUrl(host.token), { headers: { origin: origin() } });
  const frames: HostFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as HostFrame));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const call = async (channel: string, input: unknown) => {
    const id = nextId++;
    socket.send(JSON.stringify({ kind: 'call', id, channel, input }));
    return waitFor(() => frames.find((f) => f.kind === 'reply' && f.id === id));
  };
  return { socket, frames, call };
}

describe('browser-mode host', () => {
  it('prints a loopback address with the access token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a wrong or missing token with 401 and one sentence', async () => {
    for (const token of ['', 'wrong-token']) {
      const refused = await tryConnect(socketUrl(token), { origin: origin() });
      expect(refused).toEqual({ status: 401, body: 'Refused: missing or wrong access token. Use the address printed by `npm run web`.' });
    }
  });

  it('refuses a foreign origin with 403 even with the right token', async () => {
    const refused = await tryConnect(socketUrl(host.token), { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.body).toBe('Refused: pages from other origins may not use this Marketdesk host.');
  });

  it('refuses a foreign Host header (DNS rebinding) on pages and sockets', async () => {
    const page = await rawGet('/', { host: 'rebind.example' });
    expect(page.status).toBe(403);
    expect(page.body).toBe('Refused: this request is addressed to another host name than this Marketdesk host.');
    const refused = await tryConnect(socketUrl(host.token), { origin: origin(), host: 'rebind.example' });
    expect(refused.status).toBe(403);
  });

  it('serves the renderer with a strict CSP and refuses path traversal', async () => {
    const page = await fetch(`${origin()}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    for (const path of ['/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/..%2f..%2fetc%2fpasswd', '/a%00b']) {
      const escape = await rawGet(path);
      expect(escape.status, path).toBe(400);
      expect(escape.body).not.toContain('root:');
    }
  });

  it('runs the contract: calls, input errors and pushed events', async () => {
    const bridge = await openBridge();
    try {
      const status = await bridge.call('getAppStatus', {});
      expect(status).toMatchObject({ kind: 'reply', result: { ok: true, value: { network: { label: 'Sandbox' } } } });

      const bad = await bridge.call('watchOrderBooks', { tokenIds: ['not-a-token'] });
      expect(bad).toMatchObject({ result: { ok: false, error: { code: 'invalid_input' } } });

      const unknown = await bridge.call('withdrawEverything', {});
      expect(unknown).toMatchObject({ result: { ok: false, error: { code: 'unknown_channel' } } });

      bridge.socket.send(JSON.stringify({ kind: 'call', id: 99, channel: 42 }));
      const malformed = await waitFor(() => bridge.frames.find((f) => f.kind === 'reply' && f.id === 99));
      expect(malformed).toMatchObject({ result: { ok: false, error: { code: 'invalid_input' } } });

      const page = await bridge.call('searchCatalogEvents', {});
      const eventId = (page as { result: { value: { events: Array<{ id: string }> } } }).result.value.events[0]!.id;
      const detail = (await bridge.call('getCatalogEvent', { eventId })) as {
        result: { value: { markets: Array<{ outcomes: Array<{ tokenId: string }> }> } };
      };
      const tokenIds = detail.result.value.markets[0]!.outcomes.map((o) => o.tokenId);
      await bridge.call('watchOrderBooks', { tokenIds });
      const pushed = await waitFor(() => bridge.frames.find((f) => f.kind === 'event' && f.event === 'orderBooksUpdated'), 15_000);
      expect(pushed).toMatchObject({ kind: 'event', event: 'orderBooksUpdated' });
    } finally {
      bridge.socket.close();
    }
  });

  it('closes a socket that sends a frame without an id', async () => {
    const bridge = await openBridge();
    const closed = new Promise<number>((resolve) => bridge.socket.on('close', (code) => resolve(code)));
    bridge.socket.send('not json at all');
    expect(await closed).toBe(1008);
  });
});
