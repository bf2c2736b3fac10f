/**
 * Asks main to check and price the ticket as the user types (debounced), and again when what
 * the answer depends on moves: the exchange mode, the balance, and the book (every few seconds).
 * An answer is only ever shown for the exact ticket it priced.
 */
import { useEffect, useRef, useState } from 'react';
import type { BridgeError } from '../../../../shared/result';
import type { OrderPreview, OrderTicket } from '../../../../shared/tradingViews';
import { api } from '../../../bridge/api';

export const PREVIEW_DEBOUNCE_MS = 200;
const PREVIEW_REFRESH_MS = 5_000;

export interface PreviewAnswer {
  key: string;
  preview: OrderPreview | null;
  error: BridgeError | null;
}

export function usePreview(ticket: OrderTicket | null, key: string, active: boolean, revision: string): PreviewAnswer | null {
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [pulse, setPulse] = useState(0);
  const latestTicket = useRef(ticket);
  useEffect(() => {
    latestTicket.current = ticket;
  });

  useEffect(() => {
    if (!active || key === '') return undefined;
    const timer = setInterval(() => setPulse((n) => n + 1), PREVIEW_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, key]);

  useEffect(() => {
    const current = latestTicket.current;
    if (!active || key === '' || !current) return undefined;
    let stale = false;
    const timer = setTimeout(() => {
      void api.previewOrder({ ticket: current }).then((result) => {
        if (stale) return;
        setAnswer({ key, preview: result.ok ? result.value : null, error: result.ok ? null : result.error });
      });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [active, key, revision, pulse]);

  return answer !== null && answer.key === key ? answer : null;
}
