/**
 * Readers for the sections of the sandbox state file (state/stateStore.ts). Every reader either
 * returns a well-typed value or throws a StateFormatError naming the place, e.g.
 * `perpsAccounts.proxies[2].expiryMs must be a non-negative integer`, which becomes the one
 * stderr line logged when a file is set aside.
 */
import { getAddress, isAddress, type Hex } from 'viem';

export class StateFormatError extends Error {
  override name = 'StateFormatError';
}

export type StoredObject = Record<string, unknown>;

const fail = (where: string, what: string): never => {
  throw new StateFormatError(`${where} ${what}`);
};

export function asObject(value: unknown, where: string): StoredObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as StoredObject) : fail(where, 'must be an object');
}

export function asArray(value: unknown, where: string): unknown[] {
  return Array.isArray(value) ? value : fail(where, 'must be an array');
}

/** A string field, non-empty, matching `pattern` when one is given. */
export function readString(obj: StoredObject, key: string, where: string, pattern?: RegExp): string {
  const value = obj[key];
  if (typeof value !== 'string' || value === '' || (pattern && !pattern.test(value))) {
    return fail(`${where}.${key}`, pattern ? `must be a string matching ${pattern}` : 'must be a non-empty string');
  }
  return value;
}

export function readOptionalString(obj: StoredObject, key: string, where: string): string | undefined {
  return obj[key] === undefined ? undefined : readString(obj, key, where);
}

export function readCount(obj: StoredObject, key: string, where: string): number {
  const value = obj[key];
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail(`${where}.${key}`, 'must be a non-negative integer');
}

/** A 0x address in any case, answered checksummed. */
export function readAddress(obj: StoredObject, key: string, where: string): Hex {
  const value = obj[key];
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) return fail(`${where}.${key}`, 'must be an address');
  return getAddress(value.toLowerCase());
}

/** Throws when `seen` already holds `id`, so a file cannot define one thing twice. */
export function claimUnique(seen: Set<string>, id: string, where: string): void {
  if (seen.has(id)) fail(where, `repeats ${id}`);
  seen.add(id);
}
