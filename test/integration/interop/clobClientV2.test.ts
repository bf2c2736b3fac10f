/**
 * Interop: the public reference client `@polymarket/clob-client-v2` against the sandbox, on
 * chain 137 with the public exchange addresses. The client writes `POLY_` headers and our
 * services read `SVC_`, so it talks through a tiny loopback proxy that renames the prefix and
 * changes nothing else — the bodies and HMACs are the client's own bytes.
 *
 * It creates credentials, reads a book, builds and signs orders with its own order builder
 * (a resting one on a regular market, one on a neg-risk market, and one that matches), lists
 * them and cancels them. The order ids it gets back must be the EIP-712 hashes we compute for
 * the same orders: its signatures, ours and the sandbox's verification agree.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AssetType, ClobClient, OrderType, Side } from '@polymarket/clob-client-v2';
import { createWalletClient, hashTypedData, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { polygon } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDomain, orderTypesV2, PUBLIC_CHAIN_137_CONTRACTS } from '../../../src/shared/orders/orderSchema';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { bookTop, faucet, KEYS, liveMarket } from '../sandbox/tradingClient';

/** Forwards every request to `target`, renaming `poly_*` request headers to `svc_*`. */
function headerShim(target: string): Promise<{ url: string; server: Server }> {
  const { hostname, port } = new URL(target);
  const server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name.startsWith('poly_') ? `svc_${name.slice(5)}` : name] = value;
    }
    headers.host = `${hostname}:${port}`;
    const upstream = httpRequest({ hostname, port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }));
  });
}

interface SignedOrderLike {
  salt: string;
  maker: Hex;
  signer: Hex;
  tokenId: string;
  makerAmount: string;
  takerAmount: string;
  side: 'BUY' | 'SELL';
  signatureType: number;
  timestamp: string;
  metadata: Hex;
  builder: Hex;
}

/** Our own computation of the order id, from the shared order schema. */
function ourOrderHash(order: SignedOrderLike, negRisk: boolean): Hex {
  return hashTypedData({
    domain: orderDomain(PUBLIC_CHAIN_137_CONTRACTS, 2, negRisk),
    types: orderTypesV2,
    primaryType: 'Order',
    message: {
      salt: BigInt(order.salt), maker: order.maker, signer: order.signer, tokenId: BigInt(order.tokenId),
      makerAmount: BigInt(order.makerAmount), takerAmount: BigInt(order.takerAmount), side: order.side === 'BUY' ? 0 : 1,
      signatureType: order.signatureType as 0, timestamp: BigInt(order.timestamp), metadata: order.metadata, builder: order.builder,
    },
  });
}

let sandbox: RunningSandbox;
let shim: { url: string; server: Server };
let client: ClobClient;
const account = privateKeyToAccount(KEYS[2]);
const signer = createWalletClient({ account, chain: polygon, transport: http('http://127.0.0.1:9') });
const regular = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 9);
const negRisk = liveMarket(7, (e) => e.market.tickSize === '0.01' && e.market.negRisk && e.market.minOrderSize === 5, 0);

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  shim = await headerShim(sandbox.urls.clob);
  const anonymous = new ClobClient({ host: shim.url, chain: 137, signer });
  const creds = await anonymous.createOrDeriveApiKey();
  expect(creds.key).toMatch(/^[0-9a-f-]{36}$/);
  // A second call finds the key taken and derives the same credentials.
  expect(await anonymous.createOrDeriveApiKey()).toEqual(creds);
  client = new ClobClient({ host: shim.url, chain: 137, signer, creds, throwOnError: true });
  await faucet(sandbox.urls.clob, account.address, '1000');
});
afterAll(async () => {
  await new Promise((resolve) => shim?.server.close(resolve));
  await sandbox?.stop();
});

describe('@polymarket/clob-client-v2 against the sandbox', () => {
  it('reads the server version, a book and the balance', async () => {
    expect(await client.getVersion()).toBe(2);
    const book = await client.getOrderBook(regular.market.tokenIds[0]);
    expect(book.asset_id).toBe(regular.market.tokenIds[0]);
    expect(book.bids.length).toBeGreaterThan(0);
    expect(book.tick_size).toBe('0.01');
    const balance = await client.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
    expect(balance).toMatchObject({ balance: '1000000000' });
  });

  it('posts resting orders it signed itself, lists them and cancels them', async () => {
    const placed: string[] = [];
    for (const [entry, isNegRisk] of [[regular, false], [negRisk, true]] as const) {
      const order = await client.createOrder({ tokenID: entry.market.tokenIds[0], price: 0.05, size: 10, side: Side.BUY });
      const response = await client.postOrder(order, OrderType.GTC);
      expect(response).toMatchObject({ success: true, status: 'live' });
      expect(response.orderID).toBe(ourOrderHash(order as unknown as SignedOrderLike, isNegRisk));
      placed.push(response.orderID);
    }
    const open = await client.getOpenOrders();
    expect(open.map((o: { id: string }) => o.id).sort()).toEqual([...placed].sort());
    expect(open[0]).toMatchObject({ price: '0.05', original_size: '10.00', side: 'BUY', status: 'LIVE' });
    const one = await client.cancelOrder({ orderID: placed[0] as string });
    expect(one).toEqual({ canceled: [placed[0]], not_canceled: {} });
    const rest = await client.cancelAll();
    expect(rest).toEqual({ canceled: [placed[1]], not_canceled: {} });
    expect(await client.getOpenOrders()).toEqual([]);
  });

  it('gets a matching order filled, with its trade and transaction hash', async () => {
    const token = regular.market.tokenIds[0];
    const top = await bookTop(sandbox.urls.clob, token);
    const order = await client.createOrder({ tokenID: token, price: top.ask / 10_000, size: 5, side: Side.BUY });
    const response = await client.postOrder(order, OrderType.FOK);
    expect(response).toMatchObject({ success: true, status: 'matched', takingAmount: '5' });
    expect(response.tradeIDs).toHaveLength(1);
    expect(response.transactionsHashes?.[0]).toMatch(/^0x[0-9a-f]{64}$/);
    const trades = await client.getTrades();
    expect(trades[0]).toMatchObject({ id: response.tradeIDs?.[0], side: 'BUY', size: '5.00', trader_side: 'TAKER' });
  });

  it('looks a token\'s market up, reads its fee and market info, and places a market order the way it does', async () => {
    const token = regular.market.tokenIds[0];
    expect(await client.getFeeRateBps(token)).toBe(regular.market.record.takerBaseFee);
    const market = (await client.getMarket(regular.market.conditionId)) as { condition_id: string; tokens: Array<{ token_id: string }> };
    expect(market.condition_id).toBe(regular.market.conditionId);
    expect(market.tokens.map((t) => t.token_id)).toEqual([...regular.market.tokenIds]);
    // A market BUY: the client resolves the condition through /markets-by-token and its fee and
    // tick through /clob-markets before it signs.
    const top = await bookTop(sandbox.urls.clob, token);
    const response = await client.createAndPostMarketOrder({ tokenID: token, amount: 5, side: Side.BUY, price: top.ask / 10_000 }, undefined, OrderType.FOK);
    expect(response).toMatchObject({ success: true, status: 'matched' });
    expect(response.tradeIDs).toHaveLength(1);
    const asked = sandbox.faultStats().routes.filter((r) => r.service === 'clob').map((r) => r.path);
    expect(asked).toEqual(expect.arrayContaining([`/markets-by-token/${token}`, `/clob-markets/${regular.market.conditionId}`]));
  });
});
