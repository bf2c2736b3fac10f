/**
 * A loopback HTTP relay in front of the sandbox's perps server that can lose a transfer: it
 * either cuts the connection after the exchange answered (the answer is lost, the transfer
 * settled) or before forwarding (the request is lost). Everything else is relayed unchanged.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LossMode = 'none' | 'answer' | 'request';

export interface LostAnswerRelay {
  url: string;
  /** Loses the next internal transfer in the given way (once). */
  loseNext(mode: LossMode): void;
  /** Internal transfers that reached the exchange through the relay. */
  forwardedTransfers: number;
  stop(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startLostAnswerRelay(target: string): Promise<LostAnswerRelay> {
  let pending: LossMode = 'none';
  const relay: LostAnswerRelay = {
    url: '',
    forwardedTransfers: 0,
    loseNext: (mode) => {
      pending = mode;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const isTransfer = req.method === 'POST' && req.url === '/v1/account/internal-transfer';
      const loss = isTransfer ? pending : 'none';
      if (isTransfer) pending = 'none';
      if (loss === 'request') {
        req.socket.destroy();
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const upstream = await fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) });
      const answer = Buffer.from(await upstream.arrayBuffer());
      if (isTransfer) relay.forwardedTransfers += 1;
      if (loss === 'answer') {
        req.socket.destroy();
        return;
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(answer);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return relay;
}
