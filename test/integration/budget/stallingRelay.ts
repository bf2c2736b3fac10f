/**
 * A loopback relay in front of one sandbox service that can stall the way a frozen server does:
 * while stalled it accepts connections and reads requests but answers nothing; when the stall
 * ends it hands every held request to the service at once (the service counts them then), and
 * answers whichever client is still waiting. A client that gave up has not un-sent its request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Held {
  request: IncomingMessage;
  body: Buffer;
  response: ServerResponse;
}

export async function startStallingRelay(target: string) {
  let stalled = false;
  let held: Held[] = [];
  let forwarded = 0;

  const forward = async ({ request, body, response }: Held) => {
    forwarded++;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    }
    try {
      const answer = await fetch(target + (request.url ?? '/'), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const text = Buffer.from(await answer.arrayBuffer());
      if (response.destroyed || response.writableEnded) return;
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    } catch {
      if (!response.destroyed) response.destroy();
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { request, body: Buffer.concat(chunks), response };
      if (stalled) held.push(entry);
      else void forward(entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    stall: () => {
      stalled = true;
    },
    /** Ends the stall: every held request reaches the service now, in arrival order. */
    resume: async () => {
      stalled = false;
      const pending = held;
      held = [];
      await Promise.all(pending.map(forward));
      return pending.length;
    },
    held: () => held.length,
    forwarded: () => forwarded,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
