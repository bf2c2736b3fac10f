/**
 * Finding 1 (issue 7): one WebSocket frame over the payload limit, or a text frame that is not
 * UTF-8, raised an `error` on a socket nobody listened to, and the whole browser-mode host died
 * (with heartbeats on, the exchange would then cancel the user's orders). The host must close
 * only that connection, with the close code that names the problem, and keep serving others.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_CALL_FRAME_BYTES } from '../../src/shared/webSocketProtocol';
import { startHostChild, type HostChild } from './support/webHostChild';

let host: HostChild;

// A host per test: on the base commit the first bad frame kills the host, and each case must
// show its own failure.
beforeEach(async () => {
  host = await startHostChild(['--no-open']);
}, 90_000);
afterEach(async () => {
  await host?.stop();
});

function openBridge(): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends raw bytes as one text frame and resolves with the close code the host answers with. */
async function closeCodeAfter(payload: Buffer): Promise<number> {
  const socket = await openBridge();
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('error', () => undefined); // the client side may see the reset too
  // `ws` validates nothing it sends when told the payload is already a finished text frame.
  socket.send(payload, { binary: false });
  return closed;
}

async function stillServes(): Promise<unknown> {
  const socket = await openBridge();
  const reply = new Promise<unknown>((resolve) =>
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { kind: string; id?: number; result?: unknown };
      if (frame.kind === 'reply' && frame.id === 7) resolve(frame.result);
    }),
  );
  socket.send(JSON.stringify({ kind: 'call', id: 7, channel: 'getVaultState', input: {} }));
  const result = await reply;
  socket.close();
  return result;
}

describe('the browser-mode host survives bad frames', () => {
  it('closes a connection that sends a frame over the limit with 1009 and keeps serving', async () => {
    const code = await closeCodeAfter(Buffer.alloc(MAX_CALL_FRAME_BYTES + 1, 0x61));
    expect(code).toBe(1009);
    expect(await host.exitWithin(300)).toBeNull();
    expect(await stillServes()).toMatchObject({ ok: true });
  });

  it('closes a connection that sends invalid UTF-8 with 1007 and keeps serving', async () => {
    const code = await closeCodeAfter(Buffer.from([0xff, 0xfe, 0xfd, 0xfc]));
    expect(code).toBe(1007);
    expect(await host.exitWithin(300)).toBeNull();
    expect(await stillServes()).toMatchObject({ ok: true });
  });

  it('survives a client that resets its connection in the middle of the upgrade', async () => {
    const { connect } = await import('node:net');
    const raw = connect(host.port, '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(`GET /bridge?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: http://127.0.0.1:${host.port}\r\n`);
    raw.resetAndDestroy();
    expect(await host.exitWithin(300)).toBeNull();
    expect(await stillServes()).toMatchObject({ ok: true });
  });
});

describe('the browser-mode host survives addresses it cannot parse', () => {
  /** Sends one raw request line and resolves with the status line of the answer. */
  async function statusLineFor(requestLine: string, extraHeaders = ''): Promise<string> {
    const { connect } = await import('node:net');
    const raw = connect(host.port, '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));
    let answer = '';
    raw.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    raw.on('error', () => undefined);
    const ended = new Promise((resolve) => raw.once('close', resolve));
    raw.end(`${requestLine}\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n${extraHeaders}\r\n`);
    await ended;
    return answer.split('\r\n')[0] ?? '';
  }

  // `GET // HTTP/1.1` made `new URL` throw inside the request listener, and the host exited: one
  // unauthenticated request (a local user, a page's <img>, a compromised renderer's fetch).
  it.each(['//', '///', '/\\'])('answers a request and an upgrade to %s, and keeps serving', async (path) => {
    expect(await statusLineFor(`GET ${path} HTTP/1.1`)).toMatch(/^HTTP\/1\.1 (400|404|200)/);
    const upgrade = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    expect(await statusLineFor(`GET ${path} HTTP/1.1`, upgrade)).toMatch(/^HTTP\/1\.1 (403|400)/);
    expect(await host.exitWithin(300)).toBeNull();
    expect(await stillServes()).toMatchObject({ ok: true });
  });
});
