/**
 * A request bound to an origin (it carries credentials or a signature) goes there or nowhere:
 * refused before anything is sent when the service URL is elsewhere, and a redirect is not
 * followed. Two real loopback servers count what reached them.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';

interface Listener {
  server: Server;
  origin: string;
  seen: Array<{ url: string; headers: IncomingHttpHeaders }>;
}

async function listen(handle: (url: string, reply: (status: number, headers: Record<string, string>, body: string) => void) => void): Promise<Listener> {
  const seen: Listener['seen'] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => handle(request.url ?? '', (status, headers, body) => response.writeHead(status, headers).end(body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let exchange: Listener;
let elsewhere: Listener;

beforeAll(async () => {
  elsewhere = await listen((_url, reply) => reply(200, { 'content-type': 'application/json' }, '{"apiKey":"k","secret":"s","passphrase":"p"}'));
  exchange = await listen((url, reply) => {
    if (url === '/moved') return reply(302, { location: `${elsewhere.origin}/auth/derive-api-key` }, '');
    return reply(200, { 'content-type': 'application/json' }, '{"ok":true}');
  });
});

afterAll(async () => {
  for (const { server } of [exchange, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const clientAt = (clob: string) =>
  new HttpClient({ urls: () => ({ clob, catalog: clob, analytics: clob, perps: clob }), budget: new RateBudget(), windowsFor: () => [] });

const SECRET_HEADERS = { SVC_API_KEY: 'api-key-under-test', SVC_PASSPHRASE: 'passphrase-under-test' };

describe('HttpClient: requests bound to an origin', () => {
  it('sends a bound request to its own origin, trailing slash and default form alike', async () => {
    const answer = await clientAt(`${exchange.origin}/`).requestJson({ service: 'clob', method: 'GET', path: '/data/orders', headers: SECRET_HEADERS, boundOrigin: exchange.origin });
    expect(answer).toEqual({ ok: true });
    expect(exchange.seen.at(-1)).toMatchObject({ url: '/data/orders', headers: { svc_api_key: 'api-key-under-test' } });
  });

  it('refuses before sending when the service URL is on another origin', async () => {
    const before = elsewhere.seen.length;
    await expect(
      clientAt(elsewhere.origin).requestJson({ service: 'clob', method: 'GET', path: '/data/orders', headers: SECRET_HEADERS, boundOrigin: exchange.origin }),
    ).rejects.toMatchObject({
      code: 'wrong_host',
      message: `GET /data/orders is bound to ${exchange.origin}, but the order-book service is now at ${elsewhere.origin}. Nothing was sent.`,
    });
    expect(elsewhere.seen.length).toBe(before);
  });

  it('does not follow a redirect with the credentials; an unbound read still does', async () => {
    const before = elsewhere.seen.length;
    await expect(
      clientAt(exchange.origin).requestJson({ service: 'clob', method: 'GET', path: '/moved', headers: SECRET_HEADERS, boundOrigin: exchange.origin }),
    ).rejects.toMatchObject({ code: 'bad_response', message: expect.stringContaining('answered GET /moved with a redirect (302)') });
    expect(elsewhere.seen.length).toBe(before);

    // A public read (no credentials) follows it as before.
    await clientAt(exchange.origin).requestJson({ service: 'clob', method: 'GET', path: '/moved' });
    expect(elsewhere.seen.length).toBe(before + 1);
    expect(elsewhere.seen.at(-1)!.headers).not.toHaveProperty('svc_api_key');
  });
});
