/**
 * Findings 6 and 8 (issue 7), browser-mode host: the CSP allowed the page to open a WebSocket to
 * any loopback port (`ws://127.0.0.1:*`), and refusal pages echoed the request's Host and Origin
 * without `nosniff`. Now the policy names this run's port only, every response of the host says
 * `nosniff`, and no refusal repeats anything the request said.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebHost, type RunningWebHost } from '../../src/main/web/webHost';
import { startHarness, type Harness } from '../integration/core/coreHarness';
import { rawRequest, type RawResponse } from './support/rawHttp';

let harness: Harness;
let host: RunningWebHost;
let rendererDir: string;

beforeAll(async () => {
  harness = await startHarness({});
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
const MARKER = 'attacker-chosen-7f3a';

/** The raw answer to a refused WebSocket upgrade (status, headers, body). */
function refusedUpgrade(headers: Record<string, string>, query = `?token=${host.token}`): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge${query}`, { headers });
    socket.on('open', () => reject(new Error('the upgrade was accepted')));
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    socket.on('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
  });
}

describe('browser-mode host headers', () => {
  it("allows the page's WebSocket to this run's port only", async () => {
    const page = await rawRequest(`${origin()}/`);
    const policy = page.header('content-security-policy') ?? '';
    const connect = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));
    expect(connect).toBe(`connect-src 'self' ws://127.0.0.1:${host.port} ws://localhost:${host.port}`);
    expect(policy).not.toContain(':*');
  });

  it('says nosniff on every response: pages, errors, refusals, sign-in', async () => {
    const answers: Array<[string, RawResponse]> = [
      ['page', await rawRequest(`${origin()}/`)],
      ['missing file', await rawRequest(`${origin()}/nothing-here.js`)],
      ['bad path', await rawRequest(`${origin()}/a%00b`)],
      ['method', await rawRequest(`${origin()}/`, { method: 'POST' })],
      ['foreign host', await rawRequest(`${origin()}/`, { headers: { host: 'rebind.example' } })],
      ['used sign-in code', await rawRequest(`${origin()}/sign-in?code=never-issued`)],
    ];
    for (const [what, answer] of answers) expect(answer.header('x-content-type-options'), what).toBe('nosniff');
    const upgrade = await refusedUpgrade({ origin: 'https://evil.example' });
    expect(upgrade.headers['x-content-type-options']).toBe('nosniff');
  });

  it('repeats nothing of the request in a refusal (Host, Origin)', async () => {
    const hostRefusal = await rawRequest(`${origin()}/`, { headers: { host: `${MARKER}.example` } });
    expect(hostRefusal.status).toBe(403);
    expect(hostRefusal.body).not.toContain(MARKER);
    expect(hostRefusal.header('content-type')).toBe('text/plain; charset=utf-8');

    const originRefusal = await refusedUpgrade({ origin: `https://${MARKER}.example` });
    expect(originRefusal.status).toBe(403);
    expect(originRefusal.body).not.toContain(MARKER);

    const hostUpgradeRefusal = await refusedUpgrade({ origin: origin(), host: `${MARKER}.example` });
    expect(hostUpgradeRefusal.status).toBe(403);
    expect(hostUpgradeRefusal.body).not.toContain(MARKER);

    const markup = await rawRequest(`${origin()}/`, { headers: { host: '<script>alert(1)</script>' } });
    expect(markup.body).not.toContain('<script>');
  });
});
