/**
 * A loopback HTTP relay in front of the sandbox's order-book service, for the recovery tests:
 * it counts every request by `METHOD path`, and for a route it can play dead (reset the
 * connection without forwarding), stall (hold the request unanswered until released), or lose
 * the answer (forward, then reset the connection). Everything else is relayed unchanged.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault = 'dead' | 'stall' | 'lose-answer';

export interface FaultRelay {
  url: string;
  /** Requests seen per `METHOD path` (query left off), forwarded or not. */
  counts: Map<string, number>;
  count(route: string): number;
  /** The most requests of a route that were open at the same time (answered or not yet). */
  maxConcurrent(route: string): number;
  /** Applies `fault` to requests whose `METHOD path` starts with `route` ('' for all), `times` times (∞ when absent). */
  inject(route: string, fault: Fault, times?: number): void;
  /** Ends every fault; stalled requests are reset. */
  clear(): void;
  stop(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startFaultRelay(target: string): Promise<FaultRelay> {
  const rules: Array<{ route: string; fault: Fault; left: number }> = [];
  const stalled = new Set<Socket>();
  const sockets = new Set<Socket>();
  const counts = new Map<string, number>();
  const open = new Map<string, number>();
  const peak = new Map<string, number>();

  const take = (key: string): Fault | null => {
    const rule = rules.find((r) => key.startsWith(r.route) && r.left > 0);
    if (!rule) return null;
    rule.left -= 1;
    return rule.fault;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const key = `${req.method} ${path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    open.set(key, (open.get(key) ?? 0) + 1);
    peak.set(key, Math.max(peak.get(key) ?? 0, open.get(key)!));
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      open.set(key, open.get(key)! - 1);
    };
    res.on('close', close);
    const body = await readBody(req);
    const fault = take(key);
    if (fault === 'dead') return req.socket.destroy();
    if (fault === 'stall') return void stalled.add(req.socket);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
    const upstream = await fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) });
    const answer = Buffer.from(await upstream.arrayBuffer());
    if (fault === 'lose-answer') return req.socket.destroy();
    const passOn: Record<string, string> = { 'content-type': upstream.headers.get('content-type') ?? 'application/json' };
    const retryAfter = upstream.headers.get('retry-after');
    if (retryAfter) passOn['retry-after'] = retryAfter;
    res.writeHead(upstream.status, passOn);
    res.end(answer);
  };

  const server = createServer((req, res) => void handle(req, res).catch(() => req.socket.destroy()));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    maxConcurrent: (route) => Math.max(0, ...[...peak.entries()].filter(([key]) => key.startsWith(route)).map(([, n]) => n)),
    count: (route) => [...counts.entries()].filter(([key]) => key.startsWith(route)).reduce((sum, [, n]) => sum + n, 0),
    inject: (route, fault, times = Number.POSITIVE_INFINITY) => {
      rules.unshift({ route, fault, left: times });
    },
    clear: () => {
      rules.length = 0;
      for (const socket of stalled) socket.destroy();
      stalled.clear();
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
