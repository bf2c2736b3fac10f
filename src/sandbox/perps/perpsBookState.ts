/**
 * The paper side of the perps accounts in the state file (inside section `perpsAccounts`, next
 * to what perpsAccountsState.ts keeps); both keys are optional so older files still load:
 *   "books": [ { "address", "openedAtMs", "fundedThroughMs", "balances": { "USDC": "1000000" },
 *                "positions": [ { "instrumentId", "size", "entryPrice" } ],
 *                "events": [ { "ts", "kind": "balance", "asset", "delta" } | { "ts", "kind": "position", "instrumentId", "size", "entryPrice" } ],
 *                "funding": [ funding records as the route lists them ] } ],
 *   "transfers": [ { "id", "from", "to", "asset", "amount": "base units", "label", "createdMs", "signer", "salt" } ]
 */
import type { PerpsFundingRecord } from '../../shared/protocol/perps';
import {
  asArray, asObject, claimUnique, readAddress, readCount, readString, StateFormatError, type StoredObject,
} from '../state/stateFields';
import type { AccountEvent, BookAccount, PaperPosition } from './accountBook';
import type { SettledTransfer } from './transferLedger';

const INTEGER_TEXT = /^-?\d{1,40}$/;
const LOWER_ADDRESS = /^0x[0-9a-f]{40}$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

function readNumber(obj: StoredObject, key: string, where: string): number {
  const value = obj[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new StateFormatError(`${where}.${key} must be a finite number`);
  return value;
}

function readLabel(obj: StoredObject, where: string): string {
  if (typeof obj.label !== 'string') throw new StateFormatError(`${where}.label must be a string`);
  return obj.label;
}

const list = (section: StoredObject, key: string, where: string) =>
  section[key] === undefined ? [] : asArray(section[key], `${where}.${key}`).map((item, i) => ({ record: asObject(item, `${where}.${key}[${i}]`), at: `${where}.${key}[${i}]` }));

function decodePosition(record: StoredObject, at: string): PaperPosition {
  return { instrumentId: readCount(record, 'instrumentId', at), size: readNumber(record, 'size', at), entryPrice: readNumber(record, 'entryPrice', at) };
}

function decodeEvent(record: StoredObject, at: string): AccountEvent {
  const ts = readCount(record, 'ts', at);
  if (record.kind === 'balance') return { ts, kind: 'balance', asset: readString(record, 'asset', at), delta: readString(record, 'delta', at, INTEGER_TEXT) };
  if (record.kind === 'position') return { ts, kind: 'position', ...decodePosition(record, at) };
  throw new StateFormatError(`${at}.kind must be "balance" or "position"`);
}

function decodeFunding(record: StoredObject, at: string): PerpsFundingRecord {
  return {
    instrument_id: readCount(record, 'instrument_id', at),
    size: readString(record, 'size', at, DECIMAL_TEXT),
    funding_rate: readString(record, 'funding_rate', at, DECIMAL_TEXT),
    funding_asset: readString(record, 'funding_asset', at),
    funding: readString(record, 'funding', at, DECIMAL_TEXT),
    timestamp: readCount(record, 'timestamp', at),
  };
}

export function decodeBooks(section: StoredObject, where: string): BookAccount[] {
  const seen = new Set<string>();
  return list(section, 'books', where).map(({ record, at }) => {
    const balances = asObject(record.balances, `${at}.balances`);
    const account: BookAccount = {
      address: readAddress(record, 'address', at),
      openedAtMs: readCount(record, 'openedAtMs', at),
      fundedThroughMs: readCount(record, 'fundedThroughMs', at),
      balances: new Map(Object.keys(balances).map((asset) => [asset, BigInt(readString(balances, asset, `${at}.balances`, INTEGER_TEXT))])),
      positions: new Map(list(record, 'positions', at).map(({ record: p, at: pAt }) => {
        const position = decodePosition(p, pAt);
        return [position.instrumentId, position];
      })),
      events: list(record, 'events', at).map(({ record: e, at: eAt }) => decodeEvent(e, eAt)),
      funding: list(record, 'funding', at).map(({ record: f, at: fAt }) => decodeFunding(f, fAt)),
    };
    claimUnique(seen, account.address.toLowerCase(), `${where}.books`);
    return account;
  });
}

export function decodeTransfers(section: StoredObject, where: string): SettledTransfer[] {
  const seen = new Set<string>();
  return list(section, 'transfers', where).map(({ record, at }) => {
    const transfer: SettledTransfer = {
      id: readCount(record, 'id', at),
      from: readAddress(record, 'from', at),
      to: readAddress(record, 'to', at),
      asset: readString(record, 'asset', at),
      amount: BigInt(readString(record, 'amount', at, /^\d{1,40}$/)),
      label: readLabel(record, at),
      createdMs: readCount(record, 'createdMs', at),
      signer: readString(record, 'signer', at, LOWER_ADDRESS),
      salt: readCount(record, 'salt', at),
    };
    claimUnique(seen, String(transfer.id), `${where}.transfers`);
    return transfer;
  });
}

export const encodeBooks = (books: readonly BookAccount[]) => books.map((b) => ({
  address: b.address,
  openedAtMs: b.openedAtMs,
  fundedThroughMs: b.fundedThroughMs,
  balances: Object.fromEntries([...b.balances].map(([asset, units]) => [asset, units.toString()])),
  positions: [...b.positions.values()],
  events: b.events,
  funding: b.funding,
}));

export const encodeTransfers = (transfers: readonly SettledTransfer[]) => transfers.map((t) => ({ ...t, amount: t.amount.toString() }));
