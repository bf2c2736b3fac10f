/**
 * The baseline of the click-to-order and startup benches: a bare Node process between a minimal
 * page and the same sandbox Marketdesk talks to. No framework, no checks, no budget, no store: a
 * WebSocket frame in, the order built and signed with the same code Marketdesk signs with
 * (src/signing), one L2-signed `POST /order`, the exchange's answer straight back. For the startup
 * bench a `book` frame is answered with one `GET /book`. It also serves the minimal pages: the
 * order page inline at `/`, and the startup page's Vite build from the directory it is given.
 *
 * Its own account: a fresh key, credentials over L1, paper funds from the sandbox's faucet.
 * Parent ↔ child over IPC: `ready` with its address once the account is set up.
 *
 * Usage: node --import tsx bench/bareOrderServer.ts <order-book url> [static dir]
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { WebSocketServer } from 'ws';
import { PUBLIC_CHAIN_137_CONTRACTS } from '../src/shared/orders/orderSchema';
import type { TickSize } from '../src/shared/protocol/clob';
import { buildSignedOrder, toPostOrderBody } from '../src/signing/buildOrder';
import { clobAuthTypedData } from '../src/signing/clobAuth';
import { l2SecretKey, l2Signature } from '../src/signing/l2Hmac';

export interface BareOrder {
  kind: 'order';
  id: number;
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  negRisk: boolean;
  tickSize: TickSize;
}

export type BareRequest = BareOrder | { kind: 'cancel'; id: number; orderId: string } | { kind: 'book'; id: number; tokenId: string };

export const BARE_ORDER_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>bare order page</title></head><body>
<button id="buy" type="button">Buy</button><table><tbody id="answers"></tbody></table>
<script>
const socket = new WebSocket('ws://' + location.host + '/ws');
const answers = document.getElementById('answers');
let seq = 0;
/** The bench sets what a click (and Shift+B) sends: {tokenId, side, price, size, negRisk, tickSize}. */
window.orderOnClick = null;
window.orderOnKey = null;
const send = (order) => socket.send(JSON.stringify({ kind: 'order', id: ++seq, ...order }));
document.getElementById('buy').addEventListener('click', () => send(window.orderOnClick));
addEventListener('keydown', (e) => { if (e.key === 'B' && e.shiftKey) send(window.orderOnKey); });
/** The bench's clean-up between orders (not timed): cancels a resting order. */
window.bareCancel = (orderId) => socket.send(JSON.stringify({ kind: 'cancel', id: 0, orderId }));
socket.addEventListener('message', (message) => {
  const reply = JSON.parse(message.data);
  if (!reply.answer || reply.id === 0) return;
  const row = document.createElement('tr');
  row.dataset.id = String(reply.id);
  row.dataset.orderId = reply.answer.orderID || '';
  row.dataset.status = reply.answer.status || 'refused';
  row.textContent = (reply.answer.status || reply.answer.error || 'refused') + ' ' + (reply.answer.orderID || '') + ' ' + (reply.answer.takingAmount || '');
  answers.prepend(row);
});
</script></body></html>`;

const clobUrl = process.argv[2];
const staticDir = process.argv[3];
if (!clobUrl || !process.send) throw new Error('usage: node --import tsx bench/bareOrderServer.ts <order-book url> [static dir], with an IPC channel');

const privateKey = randomBytes(32);
const account = privateKeyToAccount(`0x${privateKey.toString('hex')}`);
const seconds = () => String(Math.floor(Date.now() / 1000));

async function credentials(): Promise<{ apiKey: string; secret: string; passphrase: string }> {
  const timestamp = seconds();
  const signature = await account.signTypedData(clobAuthTypedData(137, { address: account.address, timestamp, nonce: 0n }));
  const response = await fetch(`${clobUrl}/auth/api-key`, {
    method: 'POST',
    headers: { SVC_ADDRESS: account.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: '0' },
  });
  if (!response.ok) throw new Error(`the sandbox refused credentials: ${response.status} ${await response.text()}`);
  return (await response.json()) as { apiKey: string; secret: string; passphrase: string };
}

const creds = await credentials();
const secret = l2SecretKey(creds.secret);
const funded = await fetch(`${clobUrl}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: account.address, amount: '100000' }) });
if (!funded.ok) throw new Error(`the faucet refused: ${funded.status}`);

function l2Headers(method: string, path: string, body?: string): Record<string, string> {
  const timestamp = seconds();
  return {
    SVC_ADDRESS: account.address,
    SVC_SIGNATURE: l2Signature(secret, timestamp, method, path, body),
    SVC_TIMESTAMP: timestamp,
    SVC_API_KEY: creds.apiKey,
    SVC_PASSPHRASE: creds.passphrase,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

async function post(order: BareOrder): Promise<unknown> {
  const signed = buildSignedOrder({
    version: 2,
    contracts: PUBLIC_CHAIN_137_CONTRACTS,
    negRisk: order.negRisk,
    tickSize: order.tickSize,
    tokenId: order.tokenId,
    side: order.side,
    price: order.price,
    size: order.size,
    orderType: 'GTC',
    maker: account.address,
    signer: account.address,
    signatureType: 0,
    privateKey,
  });
  const body = toPostOrderBody(signed.json, creds.apiKey, 'GTC');
  const response = await fetch(`${clobUrl}/order`, { method: 'POST', headers: l2Headers('POST', '/order', body), body });
  return response.json();
}

async function answer(request: BareRequest): Promise<unknown> {
  if (request.kind === 'order') return post(request);
  if (request.kind === 'cancel') {
    const body = JSON.stringify({ orderID: request.orderId });
    return (await fetch(`${clobUrl}/order`, { method: 'DELETE', headers: l2Headers('DELETE', '/order', body), body })).json();
  }
  return (await fetch(`${clobUrl}/book?token_id=${request.tokenId}`)).json();
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://bare').pathname;
  if (path === '/') return void response.writeHead(200, { 'content-type': TYPES['.html']! }).end(BARE_ORDER_PAGE);
  if (!staticDir) return void response.writeHead(404).end();
  const file = normalize(join(staticDir, path === '/book/' ? '/index.html' : path.replace(/^\/book\//, '/')));
  if (!file.startsWith(normalize(staticDir))) return void response.writeHead(404).end();
  readFile(file).then(
    (bytes) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(bytes),
    () => response.writeHead(404).end(),
  );
});
const sockets = new WebSocketServer({ server, path: '/ws' });
sockets.on('connection', (socket) => {
  socket.on('message', (data) => {
    const request = JSON.parse(data.toString()) as BareRequest;
    void answer(request).then(
      (result) => socket.send(JSON.stringify(request.kind === 'book' ? { id: request.id, book: result } : { id: request.id, answer: result })),
      (error: unknown) => socket.send(JSON.stringify({ id: request.id, answer: { error: String(error) } })),
    );
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.on('disconnect', () => {
  sockets.close();
  server.close(() => process.exit(0));
});
process.send({ kind: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, address: account.address });
