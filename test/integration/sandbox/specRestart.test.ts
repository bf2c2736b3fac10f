/**
 * The matching engine restarting, over real loopback HTTP: every authenticated route of the
 * order book answers 425 with `Retry-After` (the spec lists 425 under "any authenticated
 * endpoint"), and the public reads keep answering (docs/decisions/38-sandbox-spec-rules/03-…).
 * Which routes are authenticated is found the way a client would: they refuse a request without
 * credentials (401, or the builder revoke's documented 400). The sandbox's own list (restartGate.ts) must be exactly those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATED_ROUTES } from '../../../src/sandbox/trading/restartGate';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { clobAuthTypedData } from '../../../src/signing/clobAuth';
import { l2Signature } from '../../../src/signing/l2Hmac';
import { request } from './http';
import { admin, KEYS, liveMarket, Trader } from './tradingClient';

type Auth = 'l1' | 'l2' | 'builder' | 'public';

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  /** The router's pattern, as restartGate.ts names it. */
  pattern: string;
  /** What is sent: the pattern with its parameters filled in, and a query. */
  target: string;
  auth: Auth;
  body?: unknown;
}

const market = liveMarket(7, () => true);
const [token] = market.market.tokenIds as [string, string];
const condition = market.market.conditionId;
const ORDER_ID = `0x${'ab'.repeat(32)}`;
const startTs = Math.floor(Date.now() / 1000) - 3_600;

/** Every route of the order-book server (wire-formats.md "Paths of the order-book service" and the sandbox's additions). */
const ROUTES: Call[] = [
  { method: 'POST', pattern: '/auth/api-key', target: '/auth/api-key', auth: 'l1' },
  { method: 'GET', pattern: '/auth/derive-api-key', target: '/auth/derive-api-key', auth: 'l1' },
  { method: 'DELETE', pattern: '/auth/api-key', target: '/auth/api-key', auth: 'l2' },
  { method: 'GET', pattern: '/auth/api-keys', target: '/auth/api-keys', auth: 'l2' },
  { method: 'POST', pattern: '/auth/builder-api-key', target: '/auth/builder-api-key', auth: 'l2' },
  { method: 'GET', pattern: '/auth/builder-api-key', target: '/auth/builder-api-key', auth: 'l2' },
  { method: 'DELETE', pattern: '/auth/builder-api-key', target: '/auth/builder-api-key', auth: 'builder' },
  { method: 'GET', pattern: '/builder/trades', target: '/builder/trades', auth: 'builder' },
  { method: 'POST', pattern: '/order', target: '/order', auth: 'l2', body: {} },
  { method: 'POST', pattern: '/orders', target: '/orders', auth: 'l2', body: [] },
  { method: 'DELETE', pattern: '/order', target: '/order', auth: 'l2', body: { orderID: ORDER_ID } },
  { method: 'DELETE', pattern: '/orders', target: '/orders', auth: 'l2', body: [ORDER_ID] },
  { method: 'DELETE', pattern: '/cancel-all', target: '/cancel-all', auth: 'l2' },
  { method: 'DELETE', pattern: '/cancel-market-orders', target: '/cancel-market-orders', auth: 'l2', body: { market: condition } },
  { method: 'GET', pattern: '/data/order/:id', target: `/data/order/${ORDER_ID}`, auth: 'l2' },
  { method: 'GET', pattern: '/data/orders', target: '/data/orders', auth: 'l2' },
  { method: 'GET', pattern: '/data/trades', target: '/data/trades', auth: 'l2' },
  { method: 'GET', pattern: '/balance-allowance', target: '/balance-allowance?asset_type=COLLATERAL', auth: 'l2' },
  { method: 'GET', pattern: '/balance-allowance/update', target: '/balance-allowance/update?asset_type=COLLATERAL', auth: 'l2' },
  { method: 'GET', pattern: '/notifications', target: '/notifications', auth: 'l2' },
  { method: 'DELETE', pattern: '/notifications', target: '/notifications?ids=1', auth: 'l2' },
  { method: 'POST', pattern: '/v1/heartbeats', target: '/v1/heartbeats', auth: 'l2', body: { heartbeat_id: '' } },
  { method: 'GET', pattern: '/ok', target: '/ok', auth: 'public' },
  { method: 'GET', pattern: '/time', target: '/time', auth: 'public' },
  { method: 'GET', pattern: '/version', target: '/version', auth: 'public' },
  { method: 'GET', pattern: '/book', target: `/book?token_id=${token}`, auth: 'public' },
  { method: 'GET', pattern: '/price', target: `/price?token_id=${token}&side=BUY`, auth: 'public' },
  { method: 'GET', pattern: '/midpoint', target: `/midpoint?token_id=${token}`, auth: 'public' },
  { method: 'GET', pattern: '/spread', target: `/spread?token_id=${token}`, auth: 'public' },
  { method: 'GET', pattern: '/last-trade-price', target: `/last-trade-price?token_id=${token}`, auth: 'public' },
  { method: 'GET', pattern: '/tick-size', target: `/tick-size?token_id=${token}`, auth: 'public' },
  { method: 'GET', pattern: '/neg-risk', target: `/neg-risk?token_id=${token}`, auth: 'public' },
  { method: 'GET', pattern: '/fee-rate', target: `/fee-rate?token_id=${token}`, auth: 'public' },
  { method: 'POST', pattern: '/books', target: '/books', auth: 'public', body: [{ token_id: token }] },
  { method: 'POST', pattern: '/prices', target: '/prices', auth: 'public', body: [{ token_id: token, side: 'BUY' }] },
  { method: 'POST', pattern: '/midpoints', target: '/midpoints', auth: 'public', body: [{ token_id: token }] },
  { method: 'POST', pattern: '/spreads', target: '/spreads', auth: 'public', body: [{ token_id: token }] },
  { method: 'POST', pattern: '/last-trades-prices', target: '/last-trades-prices', auth: 'public', body: [{ token_id: token }] },
  { method: 'GET', pattern: '/markets/:condition_id', target: `/markets/${condition}`, auth: 'public' },
  { method: 'GET', pattern: '/clob-markets/:condition_id', target: `/clob-markets/${condition}`, auth: 'public' },
  { method: 'GET', pattern: '/markets-by-token/:token_id', target: `/markets-by-token/${token}`, auth: 'public' },
  { method: 'GET', pattern: '/prices-history', target: `/prices-history?market=${token}&startTs=${startTs}`, auth: 'public' },
  { method: 'GET', pattern: '/ohlc', target: `/ohlc?asset_id=${token}&startTs=${startTs}`, auth: 'public' },
  { method: 'GET', pattern: '/orderbook-history', target: `/orderbook-history?asset_id=${token}&startTs=${startTs}`, auth: 'public' },
  { method: 'GET', pattern: '/trades/recent', target: `/trades/recent?asset_id=${token}`, auth: 'public' },
];

let sandbox: RunningSandbox;
let clob: string;
let trader: Trader;
let builder: { key: string; secret: string; passphrase: string };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  clob = sandbox.urls.clob;
  trader = await Trader.open(clob, KEYS[2]);
  builder = (await trader.call<typeof builder>('POST', '/auth/builder-api-key')).body;
});
afterAll(async () => {
  await sandbox?.stop();
});

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

async function credentialsFor(call: Call): Promise<Record<string, string>> {
  const path = call.target.split('?')[0] as string;
  const text = call.body === undefined ? undefined : JSON.stringify(call.body);
  const timestamp = nowSeconds();
  switch (call.auth) {
    case 'l1': {
      const signature = await trader.account.signTypedData(clobAuthTypedData(137, { address: trader.address, timestamp, nonce: 0n }));
      return { SVC_ADDRESS: trader.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: '0' };
    }
    case 'l2':
      return {
        SVC_ADDRESS: trader.address, SVC_SIGNATURE: l2Signature(trader.creds.secret, timestamp, call.method, path, text), SVC_TIMESTAMP: timestamp,
        SVC_API_KEY: trader.creds.apiKey, SVC_PASSPHRASE: trader.creds.passphrase,
      };
    case 'builder':
      return {
        SVC_BUILDER_API_KEY: builder.key, SVC_BUILDER_PASSPHRASE: builder.passphrase, SVC_BUILDER_TIMESTAMP: timestamp,
        SVC_BUILDER_SIGNATURE: l2Signature(builder.secret, timestamp, call.method, path, text),
      };
    case 'public':
      return {};
  }
}

async function send(call: Call, withCredentials: boolean) {
  const headers: Record<string, string> = withCredentials ? await credentialsFor(call) : {};
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return request<Record<string, unknown>>(`${clob}${call.target}`, {
    method: call.method, headers, ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

describe('the order book while the matching engine restarts', () => {
  it('knows which routes are authenticated: exactly those that refuse a request without credentials', async () => {
    const refused: string[] = [];
    for (const call of ROUTES) {
      const res = await send(call, false);
      // The spec words one refusal of missing credentials as a 400: the builder key's revoke.
      const wantsCredentials = res.status === 401 || res.body.error === 'invalid revoke builder api key headers';
      if (wantsCredentials) refused.push(`${call.method} ${call.pattern}`);
      else expect(call.auth, `${call.method} ${call.target} answered ${res.status} without credentials`).toBe('public');
    }
    expect(refused.sort()).toEqual(AUTHENTICATED_ROUTES.map(([method, pattern]) => `${method} ${pattern}`).sort());
    expect(refused).toHaveLength(ROUTES.filter((r) => r.auth !== 'public').length);
  });

  it('answers 425 with Retry-After on every authenticated route, and keeps serving the public reads', async () => {
    expect((await admin(clob, '/sandbox/mode', { mode: 'restarting', durationSeconds: 60 })).status).toBe(200);
    const startedAt = Date.now();
    try {
      for (const call of ROUTES) {
        const res = await send(call, true);
        const what = `${call.method} ${call.target}`;
        if (call.auth === 'public') {
          expect(res.status, what).not.toBe(425);
          expect(res.status, `${what}: ${res.text}`).toBeLessThan(400);
          continue;
        }
        expect(res.status, what).toBe(425);
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(Number.isInteger(retryAfter), what).toBe(true);
        // The restart's remaining time, in whole seconds.
        expect(retryAfter, what).toBeLessThanOrEqual(60);
        expect(retryAfter, what).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - startedAt) / 1000));
        expect(res.body).toEqual({ error: 'matching engine restarting; retry with exponential backoff', retry_after_seconds: retryAfter });
        // Credentials or not: the engine is down for every authenticated request.
        expect((await send(call, false)).status, what).toBe(425);
      }
    } finally {
      await admin(clob, '/sandbox/mode', { mode: 'normal' });
    }
    // Back to normal: the account's reads answer again.
    expect((await trader.call('GET', '/data/orders')).status).toBe(200);
  });
});
