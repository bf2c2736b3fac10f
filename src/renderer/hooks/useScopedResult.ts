/**
 * Components' side of actionResultsStore: the result of one action while it still holds (same
 * account, vault unlocked, same context, not aged out), and a way to publish or clear it. A
 * result whose context moved on (the ticket flipped to SELL, another outcome) is cleared for
 * good, so flipping back does not bring an old answer back as if it were new.
 */
import { useCallback, useEffect, useLayoutEffect } from 'react';
import { selectActiveAccountId, useAccountsStore } from '../stores/accountsStore';
import { RESULT_TTL_MS, resultHolds, useActionResultsStore, type ScopedResult } from '../stores/actionResultsStore';
import { selectIsUnlocked, useVaultStore } from '../stores/vaultStore';
import { useNow } from './useNow';

/** How often a shown result checks its age; a result vanishes at most this late. */
const AGE_CHECK_MS = 1_000;

export interface ScopedResultHandle<T> {
  value: T | null;
  publish: (value: T) => void;
  clear: () => void;
}

function useHolding(action: string, context: string): ScopedResult | null {
  const result = useActionResultsStore((s) => s.results[action] ?? null);
  const accountId = useAccountsStore(selectActiveAccountId);
  const unlocked = useVaultStore(selectIsUnlocked);
  const now = useNow(AGE_CHECK_MS, result !== null);
  const holds = result !== null && resultHolds(result, { accountId, unlocked, context, now }, RESULT_TTL_MS);
  const clear = useActionResultsStore((s) => s.clear);
  useEffect(() => {
    // Out of date for any reason: gone for good, not just hidden.
    if (result !== null && !holds) clear(action, result);
  }, [result, holds, clear, action]);
  return holds ? result : null;
}

export function useScopedResult<T>(action: string, context = ''): ScopedResultHandle<T> {
  const result = useHolding(action, context);
  const publishTo = useActionResultsStore((s) => s.publish);
  const clearOf = useActionResultsStore((s) => s.clear);
  const publish = useCallback((value: T) => publishTo(action, value, context), [publishTo, action, context]);
  const clear = useCallback(() => clearOf(action), [clearOf, action]);
  return { value: result ? (result.value as T) : null, publish, clear };
}

/**
 * For an answer a component receives as a prop (the ticket's last order): publishes it under
 * `action` with the context it was composed in, and says whether it still holds in `context`.
 */
export function useShownResult(action: string, value: unknown, composedIn: string, context: string): boolean {
  const publish = useActionResultsStore((s) => s.publish);
  useLayoutEffect(() => {
    publish(action, value, composedIn);
  }, [publish, action, value, composedIn]);
  const result = useHolding(action, context);
  return result !== null && result.value === value;
}
