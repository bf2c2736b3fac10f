/**
 * What the client's transport does that fetch used to do for it (httpTransport.ts), over a real
 * loopback server: compressed answers decoded, the size limit held on a body of no declared length
 * and on a body that only grows once decoded, a byte-order mark dropped, a repeated header joined, an empty coded body read as empty.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { undiciTransport } from '../../../src/main/core/net/httpTransport';

const page = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ i, title: `Row ${i} — “quoted”` })) });
const encoders: Record<string, (body: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, 'raw-deflate': deflateRawSync, br: brotliCompressSync };

let server: Server;
let base = '';
const acceptEncodings: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    acceptEncodings.push(request.headers['accept-encoding'] ?? '');
    const path = new URL(request.url ?? '/', 'http://x').pathname.slice(1);
    const json = { 'content-type': 'application/json' };
    if (path in encoders) {
      const encoding = path === 'raw-deflate' ? 'deflate' : path;
      return response.writeHead(200, { ...json, 'content-encoding': encoding }).end(encoders[path]!(Buffer.from(page)));
    }
    if (path === 'bomb') return response.writeHead(200, { ...json, 'content-encoding': 'gzip' }).end(gzipSync(Buffer.from(`"${'x'.repeat(1_000_000)}"`)));
    if (path === 'chunked') {
      // No content-length: the limit is held while the body comes in.
      response.writeHead(200, json);
      for (let i = 0; i < 10; i++) response.write(i === 0 ? `"${'y'.repeat(10_000)}` : 'y'.repeat(10_000));
      return response.end('"');
    }
    if (path === 'bom') return response.writeHead(200, json).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"ok":true}')]));
    if (path === 'empty-gzip') return response.writeHead(200, { ...json, 'content-encoding': 'gzip', 'content-length': '0' }).end();
    if (path === 'repeated') return response.writeHead(503, [['content-type', 'application/json'], ['x-trace-id', 'a'], ['x-trace-id', 'b']]).end('{"error":"busy"}');
    response.writeHead(404, json).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = () =>
  new HttpClient({ urls: () => ({ clob: base, catalog: base, analytics: base, perps: base }), budget: new RateBudget(), windowsFor: () => [], retry: { maxRetries: 0 } });

describe('the HTTP client transport (undici request)', () => {
  it('asks for compressed answers and decodes gzip, deflate (zlib or raw) and brotli to the same JSON', async () => {
    for (const path of Object.keys(encoders)) {
      expect(await client().requestJson({ service: 'analytics', method: 'GET', path: `/${path}` })).toEqual(JSON.parse(page));
    }
    expect(acceptEncodings.at(-1)).toBe('gzip, deflate, br');
  });

  it('drops a body that passes the limit only once decoded, and one with no declared length', async () => {
    await expect(client().requestJson({ service: 'analytics', method: 'GET', path: '/bomb', maxResponseBytes: 64 * 1024 })).rejects.toMatchObject({
      code: 'bad_response',
      message: 'The analytics service answered GET /bomb with more than 64 KiB; the answer was dropped.',
    });
    await expect(client().requestJson({ service: 'analytics', method: 'GET', path: '/chunked', maxResponseBytes: 64 * 1024 })).rejects.toMatchObject({
      message: 'The analytics service answered GET /chunked with more than 64 KiB; the answer was dropped.',
    });
    // Within the limit, the same answer is read whole.
    expect(await client().requestJson<string>({ service: 'analytics', method: 'GET', path: '/chunked' })).toHaveLength(100_000);
  });

  it('drops a leading byte-order mark, as fetch did', async () => {
    expect(await client().requestJson({ service: 'analytics', method: 'GET', path: '/bom' })).toEqual({ ok: true });
  });

  const send = (path: string) => undiciTransport({ url: `${base}${path}`, method: 'GET', headers: {}, signal: AbortSignal.timeout(5_000), followRedirects: false, maxBytes: 1024 });

  it('joins a repeated header as fetch does', async () => {
    const answer = await send('/repeated');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('X-Trace-Id')).toBe('a, b');
    expect(await answer.text()).toBe('{"error":"busy"}');
  });

  it('reads an empty body that names a coding as empty, not as a broken one', async () => {
    expect(await (await send('/empty-gzip')).text()).toBe('');
  });
});
