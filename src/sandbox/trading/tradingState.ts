/**
 * The trading half in the sandbox state file (section `clobTrading`, see state/stateStore.ts):
 *   "clobTrading": {
 *     "seed": 7,
 *     "balances": [ { "address": "0x…lower", "balances": { "collateral": "1000000", "<tokenId>": "5000000" } } ],
 *     "orders": [ { "id", "owner", "signer", "maker", "market", "tokenId", "outcome", "side", "orderType",
 *                   "postOnly", "price", "originalSize", "sizeMatched", "reserved", "status", "createdAtMs",
 *                   "expiration", "tradeIds", "makerAmount", "takerAmount", "signatureType", "builder"? } ],
 *     "trades": [ TradeRecord … ("takerBuilder"? and each maker's "builder"?) ],
 *     "notifications": { "nextId": 12, "byAddress": { "0x…": [ { "id", "type", "timestampMs", "payload" } ] } },
 *     "funders": [ { "signer", "signatureType", "funder" } ] }
 * Amounts in base units are decimal strings (they are bigints); prices pips, sizes hundredths.
 * The optional builder codes (lower-case bytes32 hex, present only when an order carried a
 * non-zero v2 `builder`) joined version 1 later: files without them read as orders without one.
 *
 * Token ids and markets belong to the world of one seed, so a section written under another
 * seed is ignored as a whole (and replaced at the next save). Saved history is bounded — every
 * open order, the newest closed orders and trades up to the limits below — so the file, which
 * is rewritten after each change, stays small.
 */
import type { StateSection } from '../state/stateStore';
import { asArray, asObject, readCount, readString, StateFormatError, type StoredObject } from '../state/stateFields';
import type { OrderRecord } from './orderStore';
import type { TradingDesk, TradingSnapshot } from './tradingDesk';
import type { MakerFill, TradeRecord } from './tradeLog';
import type { NotificationRecord } from './notificationBox';

export const CLOB_TRADING_SECTION = 'clobTrading';
export const SAVED_CLOSED_ORDERS = 2_000;
export const SAVED_TRADES = 2_000;

const S = CLOB_TRADING_SECTION;
const LOWER_ADDRESS = /^0x[0-9a-f]{40}$/;
const UINT = /^(0|[1-9]\d{0,77})$/;
const HASH = /^0x[0-9a-f]{64}$/;
const BUILDER_CODE = HASH;

const readEnum = <T extends string>(obj: StoredObject, key: string, at: string, values: readonly T[]): T => {
  const value = obj[key];
  if (!values.includes(value as T)) throw new StateFormatError(`${at}.${key} must be one of ${values.join(', ')}`);
  return value as T;
};
const readBool = (obj: StoredObject, key: string, at: string): boolean => {
  if (typeof obj[key] !== 'boolean') throw new StateFormatError(`${at}.${key} must be a boolean`);
  return obj[key] as boolean;
};
const readOutcome = (obj: StoredObject, key: string, at: string): 0 | 1 => {
  const value = readCount(obj, key, at);
  if (value > 1) throw new StateFormatError(`${at}.${key} must be 0 or 1`);
  return value as 0 | 1;
};
const readBig = (obj: StoredObject, key: string, at: string): bigint => BigInt(readString(obj, key, at, UINT));
const readStrings = (obj: StoredObject, key: string, at: string): string[] =>
  asArray(obj[key], `${at}.${key}`).map((v, i) => readString({ v }, 'v', `${at}.${key}[${i}]`));
/** `{[key]: code}` when the optional builder code is present, `{}` when absent. */
const readBuilder = (obj: StoredObject, key: string, at: string): Record<string, string> =>
  obj[key] === undefined ? {} : { [key]: readString(obj, key, at, BUILDER_CODE) };
/** A string that may be empty (owners of simulated makers are ''). */
const readText = (obj: StoredObject, key: string, at: string): string => {
  if (typeof obj[key] !== 'string') throw new StateFormatError(`${at}.${key} must be a string`);
  return obj[key] as string;
};

function decodeOrder(item: unknown, at: string): OrderRecord {
  const o = asObject(item, at);
  return {
    id: readString(o, 'id', at, HASH), owner: readString(o, 'owner', at), signer: readString(o, 'signer', at, LOWER_ADDRESS),
    maker: readString(o, 'maker', at, LOWER_ADDRESS), market: readString(o, 'market', at), tokenId: readString(o, 'tokenId', at, UINT),
    outcome: readOutcome(o, 'outcome', at), side: readEnum(o, 'side', at, ['BUY', 'SELL']),
    orderType: readEnum(o, 'orderType', at, ['GTC', 'GTD', 'FOK', 'FAK']), postOnly: readBool(o, 'postOnly', at),
    price: readCount(o, 'price', at), originalSize: readCount(o, 'originalSize', at), sizeMatched: readCount(o, 'sizeMatched', at),
    reserved: readBig(o, 'reserved', at), status: readEnum(o, 'status', at, ['LIVE', 'MATCHED', 'CANCELED']),
    createdAtMs: readCount(o, 'createdAtMs', at), expiration: readCount(o, 'expiration', at), tradeIds: readStrings(o, 'tradeIds', at),
    makerAmount: readString(o, 'makerAmount', at, UINT), takerAmount: readString(o, 'takerAmount', at, UINT),
    signatureType: readCount(o, 'signatureType', at), ...readBuilder(o, 'builder', at),
  };
}

function decodeMaker(item: unknown, at: string): MakerFill {
  const m = asObject(item, at);
  return {
    orderId: readString(m, 'orderId', at), owner: readText(m, 'owner', at),
    signer: m.signer === null ? null : readString(m, 'signer', at, LOWER_ADDRESS), makerAddress: readString(m, 'makerAddress', at, LOWER_ADDRESS),
    size: readCount(m, 'size', at), price: readCount(m, 'price', at), tokenId: readString(m, 'tokenId', at, UINT),
    outcome: readOutcome(m, 'outcome', at), side: readEnum(m, 'side', at, ['BUY', 'SELL']), ...readBuilder(m, 'builder', at),
  };
}

function decodeTrade(item: unknown, at: string): TradeRecord {
  const t = asObject(item, at);
  return {
    id: readString(t, 'id', at), takerOrderId: readString(t, 'takerOrderId', at), takerOwner: readText(t, 'takerOwner', at),
    takerSigner: t.takerSigner === null ? null : readString(t, 'takerSigner', at, LOWER_ADDRESS),
    takerAddress: readString(t, 'takerAddress', at, LOWER_ADDRESS), market: readString(t, 'market', at),
    tokenId: readString(t, 'tokenId', at, UINT), outcome: readOutcome(t, 'outcome', at), side: readEnum(t, 'side', at, ['BUY', 'SELL']),
    price: readCount(t, 'price', at), size: readCount(t, 'size', at), matchTimeMs: readCount(t, 'matchTimeMs', at),
    transactionHash: readString(t, 'transactionHash', at), makers: asArray(t.makers, `${at}.makers`).map((m, i) => decodeMaker(m, `${at}.makers[${i}]`)),
    ...readBuilder(t, 'takerBuilder', at),
  };
}

function decodeNotifications(value: unknown): TradingSnapshot['notifications'] {
  const at = `${S}.notifications`;
  const section = asObject(value, at);
  const byAddress: Record<string, NotificationRecord[]> = {};
  for (const [address, list] of Object.entries(asObject(section.byAddress, `${at}.byAddress`))) {
    if (!LOWER_ADDRESS.test(address)) throw new StateFormatError(`${at}.byAddress has a key that is not a lower-case address: ${address}`);
    byAddress[address] = asArray(list, `${at}.byAddress.${address}`).map((item, i) => {
      const where = `${at}.byAddress.${address}[${i}]`;
      const n = asObject(item, where);
      return { id: readCount(n, 'id', where), type: readCount(n, 'type', where), timestampMs: readCount(n, 'timestampMs', where), payload: asObject(n.payload, `${where}.payload`) };
    });
  }
  return { nextId: readCount(section, 'nextId', at), byAddress };
}

/** Checks a stored section; null when it belongs to another seed's world. */
export function decodeTrading(stored: unknown, seed: number): TradingSnapshot | null {
  const section = asObject(stored, S);
  if (section.seed !== seed) return null;
  const balances = asArray(section.balances, `${S}.balances`).map((item, i) => {
    const at = `${S}.balances[${i}]`;
    const entry = asObject(item, at);
    const amounts = asObject(entry.balances, `${at}.balances`);
    return {
      address: readString(entry, 'address', at, LOWER_ADDRESS),
      balances: Object.fromEntries(Object.keys(amounts).map((asset) => [asset, readBig(amounts, asset, `${at}.balances`)])),
    };
  });
  const orders = asArray(section.orders, `${S}.orders`).map((item, i) => decodeOrder(item, `${S}.orders[${i}]`));
  const trades = asArray(section.trades, `${S}.trades`).map((item, i) => decodeTrade(item, `${S}.trades[${i}]`));
  const funders = asArray(section.funders, `${S}.funders`).map((item, i) => {
    const at = `${S}.funders[${i}]`;
    const link = asObject(item, at);
    return { signer: readString(link, 'signer', at, LOWER_ADDRESS), signatureType: readCount(link, 'signatureType', at), funder: readString(link, 'funder', at, LOWER_ADDRESS) };
  });
  return { balances, orders, trades, notifications: decodeNotifications(section.notifications), funders };
}

/** JSON with bigints written as decimal strings. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));

export function encodeTrading(snapshot: TradingSnapshot, seed: number): unknown {
  // Insertion order is arrival order, which is the resting orders' time priority: keep it.
  const keptClosed = new Set(snapshot.orders.filter((o) => o.status !== 'LIVE').slice(-SAVED_CLOSED_ORDERS));
  return plain({
    seed,
    balances: snapshot.balances,
    orders: snapshot.orders.filter((o) => o.status === 'LIVE' || keptClosed.has(o)),
    trades: snapshot.trades.slice(-SAVED_TRADES),
    notifications: snapshot.notifications,
    funders: snapshot.funders,
  });
}

export function tradingSection(desk: TradingDesk, seed: number): StateSection {
  return {
    key: CLOB_TRADING_SECTION,
    encode: () => encodeTrading(desk.snapshot(), seed),
    decode: (stored) => {
      const snapshot = decodeTrading(stored, seed);
      return snapshot ? () => desk.restore(snapshot) : () => undefined;
    },
    watch: (changed) => {
      desk.onChange = changed;
      desk.ledger.onChange = changed;
      desk.trades.onChange = changed;
      desk.notifications.onChange = changed;
    },
  };
}
