/**
 * A small trading client for the sandbox tests: credentials over L1, L2-signed requests, and
 * orders signed with viem from the shared order schema — the same bytes any client would send.
 * Amounts are built in integers: a limit order of `cents` hundredths of a share at `pips`
 * (0.0001) has shares = cents × 10^4 base units and collateral = cents × pips base units.
 */
import { privateKeyToAccount } from 'viem/accounts';
import {
  orderDomain, orderTypesV1, orderTypesV2, PUBLIC_CHAIN_137_CONTRACTS, ZERO_ADDRESS, ZERO_BYTES32,
  type OrderSide, type OrderType, type PostOrderBody, type PostOrderResponse,
} from '../../../src/shared/orders/orderSchema';
import { clobAuthTypedData } from '../../../src/signing/clobAuth';
import { l2Signature } from '../../../src/signing/l2Hmac';
import { Exchange, type MarketEntry } from '../../../src/sandbox/clob/exchange';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';
import { request, type JsonResponse } from './http';

export type Account = ReturnType<typeof privateKeyToAccount>;

/** Well-known development keys (anvil's), never funded anywhere real. */
export const KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1c9b0b90a7d5e6d8b0f8e3a8c2a6d',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
] as const;

export interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

export async function createCredentials(clobUrl: string, account: Account, nonce = 0): Promise<Credentials> {
  const timestamp = nowSeconds();
  const signature = await account.signTypedData(clobAuthTypedData(137, { address: account.address, timestamp, nonce: BigInt(nonce) }));
  const headers = { SVC_ADDRESS: account.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: String(nonce) };
  const created = await request<Credentials>(`${clobUrl}/auth/api-key`, { method: 'POST', headers });
  if (created.status === 200) return created.body;
  const derived = await request<Credentials>(`${clobUrl}/auth/derive-api-key`, { headers });
  if (derived.status !== 200) throw new Error(`cannot get credentials: ${derived.text}`);
  return derived.body;
}

export interface OrderArgs {
  tokenId: string;
  side: OrderSide;
  /** Limit price in pips of the token's outcome. */
  pips: number;
  /** Hundredths of a share. */
  cents: number;
  negRisk?: boolean;
  expiration?: number;
  signatureType?: 0 | 1 | 2 | 3;
  maker?: `0x${string}`;
  /** Override the amounts (market orders, odd prices). */
  makerAmount?: bigint;
  takerAmount?: bigint;
  salt?: number;
  timestamp?: string;
  /** Version 1 only: the signed fee rate (default 0). */
  feeRateBps?: number;
  /** Version 2 only: the builder code the order carries (default none). */
  builder?: `0x${string}`;
}

let saltCounter = 1_000;

/** A signed version-2 order JSON (or version 1 with `version: 1`). */
export async function signOrder(account: Account, args: OrderArgs, version: 1 | 2 = 2): Promise<PostOrderBody['order'] & Record<string, unknown>> {
  const shares = BigInt(args.cents) * 10_000n;
  const collateral = BigInt(args.cents) * BigInt(args.pips);
  const makerAmount = args.makerAmount ?? (args.side === 'BUY' ? collateral : shares);
  const takerAmount = args.takerAmount ?? (args.side === 'BUY' ? shares : collateral);
  const maker = args.maker ?? account.address;
  const salt = args.salt ?? (saltCounter += 1);
  const signatureType = args.signatureType ?? 0;
  const side = args.side === 'BUY' ? 0 : 1;
  const domain = orderDomain(PUBLIC_CHAIN_137_CONTRACTS, version, args.negRisk ?? false);
  const expiration = String(args.expiration ?? 0);
  if (version === 1) {
    const message = {
      salt: BigInt(salt), maker, signer: account.address, taker: ZERO_ADDRESS, tokenId: BigInt(args.tokenId),
      makerAmount, takerAmount, expiration: BigInt(expiration), nonce: 0n, feeRateBps: BigInt(args.feeRateBps ?? 0), side, signatureType,
    } as const;
    const signature = await account.signTypedData({ domain, types: orderTypesV1, primaryType: 'Order', message });
    return {
      salt, maker, signer: account.address, taker: ZERO_ADDRESS, tokenId: args.tokenId, makerAmount: makerAmount.toString(),
      takerAmount: takerAmount.toString(), side: args.side, expiration, nonce: '0', feeRateBps: String(args.feeRateBps ?? 0), signatureType, signature,
    } as unknown as PostOrderBody['order'] & Record<string, unknown>;
  }
  const timestamp = args.timestamp ?? String(Date.now());
  const message = {
    salt: BigInt(salt), maker, signer: account.address, tokenId: BigInt(args.tokenId), makerAmount, takerAmount,
    side, signatureType, timestamp: BigInt(timestamp), metadata: ZERO_BYTES32, builder: args.builder ?? ZERO_BYTES32,
  } as const;
  const signature = await account.signTypedData({ domain, types: orderTypesV2, primaryType: 'Order', message });
  return {
    salt, maker, signer: account.address, tokenId: args.tokenId, makerAmount: makerAmount.toString(), takerAmount: takerAmount.toString(),
    side: args.side, signatureType, timestamp, metadata: ZERO_BYTES32, builder: args.builder ?? ZERO_BYTES32, expiration, signature,
  };
}

/** One account with credentials on one sandbox: L2-signed calls. */
export class Trader {
  constructor(
    readonly clobUrl: string,
    readonly account: Account,
    readonly creds: Credentials,
  ) {}

  static async open(clobUrl: string, key: `0x${string}`): Promise<Trader> {
    const account = privateKeyToAccount(key);
    return new Trader(clobUrl, account, await createCredentials(clobUrl, account));
  }

  get address(): `0x${string}` {
    return this.account.address;
  }

  call<T = unknown>(method: string, pathAndQuery: string, body?: unknown): Promise<JsonResponse<T>> {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const path = pathAndQuery.split('?')[0] as string;
    const timestamp = nowSeconds();
    const headers: Record<string, string> = {
      SVC_ADDRESS: this.address,
      SVC_SIGNATURE: l2Signature(this.creds.secret, timestamp, method, path, text),
      SVC_TIMESTAMP: timestamp,
      SVC_API_KEY: this.creds.apiKey,
      SVC_PASSPHRASE: this.creds.passphrase,
    };
    if (text !== undefined) headers['content-type'] = 'application/json';
    return request<T>(`${this.clobUrl}${pathAndQuery}`, { method, headers, body: text });
  }

  body(order: Record<string, unknown>, orderType: OrderType = 'GTC', postOnly?: boolean): PostOrderBody {
    return { order: order as unknown as PostOrderBody['order'], owner: this.creds.apiKey, orderType, ...(postOnly === undefined ? {} : { postOnly }) };
  }

  async order(args: OrderArgs, orderType: OrderType = 'GTC', postOnly?: boolean): Promise<JsonResponse<PostOrderResponse & { error?: string }>> {
    return this.call('POST', '/order', this.body(await signOrder(this.account, args), orderType, postOnly));
  }

  async balance(assetType: 'COLLATERAL' | 'CONDITIONAL' = 'COLLATERAL', tokenId?: string): Promise<bigint> {
    const query = `asset_type=${assetType}${tokenId ? `&token_id=${tokenId}` : ''}&signature_type=0`;
    const res = await this.call<{ balance: string }>('GET', `/balance-allowance?${query}`);
    if (res.status !== 200) throw new Error(res.text);
    return BigInt(res.body.balance);
  }
}

export function admin<T = unknown>(clobUrl: string, path: string, body?: unknown): Promise<JsonResponse<T>> {
  return request<T>(`${clobUrl}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export const faucet = (clobUrl: string, address: string, amount: string | number) => admin(clobUrl, '/sandbox/faucet', { address, amount });

/** The seed-7 world's markets, to pick tokens with known properties. */
export function worldMarkets(seed = 7): readonly MarketEntry[] {
  return new Exchange(buildWorld(seed)).markets;
}

export function liveMarket(seed: number, predicate: (entry: MarketEntry) => boolean, skip = 0): MarketEntry {
  const found = worldMarkets(seed).filter((e) => e.book !== null && predicate(e))[skip];
  if (!found) throw new Error('no such market in the world');
  return found;
}

export interface BookTop {
  bid: number;
  bidSize: number;
  ask: number;
  askSize: number;
}

/** Best bid and ask of a token in pips and cents, from `GET /book` (best is the last element). */
export async function bookTop(clobUrl: string, tokenId: string): Promise<BookTop> {
  const res = await request<{ bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> }>(`${clobUrl}/book?token_id=${tokenId}`);
  const bid = res.body.bids[res.body.bids.length - 1];
  const ask = res.body.asks[res.body.asks.length - 1];
  if (!bid || !ask) throw new Error('one-sided book');
  const pips = (text: string) => Math.round(Number(text) * 10_000);
  const cents = (text: string) => Math.round(Number(text) * 100);
  return { bid: pips(bid.price), bidSize: cents(bid.size), ask: pips(ask.price), askSize: cents(ask.size) };
}
