/**
 * The core's local rate budget (`getBudgetState`: a read inside main that costs no service a
 * request), read now and every `intervalMs` while the window is visible. A failed read keeps the
 * last state and says why; the next read tries again.
 */
import { useState } from 'react';
import type { BridgeError } from '../../shared/result';
import type { BudgetStateView } from '../../shared/viewModels';
import { api } from '../bridge/api';
import { usePolling } from './usePolling';

export function useBudgetState(intervalMs: number): { state: BudgetStateView | null; error: BridgeError | null } {
  const [state, setState] = useState<BudgetStateView | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  usePolling('budget-state', intervalMs, async () => {
    const result = await api.getBudgetState({});
    if (result.ok) {
      setState(result.value);
      setError(null);
    } else setError(result.error);
  });
  return { state, error };
}
