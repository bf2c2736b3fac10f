import { useCallback, useEffect, useRef, useState } from 'react';
import type { BridgeError, BridgeResult } from '../../shared/result';

export interface BridgeAction<I, T> {
  /** Runs the call; resolves to its result (also when it failed), or null if one is already running. */
  run: (input: I) => Promise<BridgeResult<T> | null>;
  pending: boolean;
  /** The last failure, shown next to the action until the next run or `clearError`. */
  error: BridgeError | null;
  clearError: () => void;
}

/**
 * One user action backed by one bridge call: its pending flag (buttons disable while it runs) and
 * its failure (said inline, next to the button). A second click while pending does nothing, so a
 * double Enter cannot create two accounts.
 */
export function useBridgeAction<I, T>(call: (input: I) => Promise<BridgeResult<T>>): BridgeAction<I, T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (input: I) => {
      if (running.current) return null;
      running.current = true;
      setPending(true);
      setError(null);
      const result = await call(input);
      running.current = false;
      if (mounted.current) {
        setPending(false);
        if (!result.ok) setError(result.error);
      }
      return result;
    },
    [call],
  );
  const clearError = useCallback(() => setError(null), []);
  return { run, pending, error, clearError };
}
