/**
 * Per-signer budgets for orders and cancels. The spec says token buckets exist per signer but
 * not their size; these sliding windows match the sandbox's documented buckets (see
 * docs/decisions/) and sit on top of the route's burst and sustained windows.
 */
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';

export const SIGNER_ORDER_LIMIT_PER_10S = 500;
export const SIGNER_CANCEL_LIMIT_PER_10S = 500;

export function signerWindows(address: string, kind: 'orders' | 'cancels'): EdgeWindow[] {
  const limit = kind === 'orders' ? SIGNER_ORDER_LIMIT_PER_10S : SIGNER_CANCEL_LIMIT_PER_10S;
  return [{ scope: `signer:${address.toLowerCase()}:${kind}`, label: `Signer ${kind}`, limit, windowMs: 10_000 }];
}
