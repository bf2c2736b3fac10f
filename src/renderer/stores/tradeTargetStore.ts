/**
 * The outcome the Trade view trades: chosen in Markets ("Trade" on a book) or in the Trade view's
 * picker, and remembered across restarts so the desk reopens where the user left it. Only public
 * catalog facts are stored (ids, question, tick), never anything about an account.
 */
import { create } from 'zustand';
import type { EventDetail, MarketSummary } from '../../shared/viewModels';
import { hrefForView } from './navigationStore';

export interface TradeTarget {
  tokenId: string;
  outcome: string;
  /** Every outcome of the market, so the view can flip between Yes and No. */
  outcomes: Array<{ name: string; tokenId: string }>;
  marketId: string;
  /** The market's condition id: what open orders and trades call `market`. */
  conditionId: string;
  question: string;
  eventId: string | null;
  eventTitle: string | null;
  /** Catalog values until the first book brings the live ones. */
  tickSize: string;
  minOrderSize: string;
  negRisk: boolean;
}

const STORAGE_KEY = 'marketdesk.trade.lastTarget';

const isTarget = (value: unknown): value is TradeTarget => {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.tokenId === 'string' && /^\d{1,78}$/.test(t.tokenId) &&
    typeof t.outcome === 'string' && Array.isArray(t.outcomes) &&
    typeof t.marketId === 'string' && typeof t.conditionId === 'string' &&
    typeof t.question === 'string' && typeof t.tickSize === 'string' && typeof t.minOrderSize === 'string'
  );
};

function readRemembered(): TradeTarget | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return isTarget(parsed) ? parsed : null;
  } catch {
    return null; // storage disabled or a damaged entry: start without a target
  }
}

function forget(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was remembered.
  }
}

function remember(target: TradeTarget): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(target));
  } catch {
    // Not remembering is harmless: the picker is one click away.
  }
}

interface TradeTargetState {
  target: TradeTarget | null;
  select: (target: TradeTarget) => void;
  /** Another outcome of the same market (Yes ↔ No). */
  selectOutcome: (tokenId: string) => void;
  /** No market chosen, and none remembered (the market belonged to a network the app left). */
  clear: () => void;
}

export const useTradeTargetStore = create<TradeTargetState>()((set, get) => ({
  target: readRemembered(),
  select: (target) => {
    remember(target);
    set({ target });
  },
  selectOutcome: (tokenId) => {
    const current = get().target;
    const outcome = current?.outcomes.find((o) => o.tokenId === tokenId);
    if (!current || !outcome || current.tokenId === tokenId) return;
    get().select({ ...current, tokenId, outcome: outcome.name });
  },
  clear: () => {
    forget();
    set({ target: null });
  },
}));

export const selectTradeTarget = (s: TradeTargetState): TradeTarget | null => s.target;
export const selectTargetTokenId = (s: TradeTargetState): string | null => s.target?.tokenId ?? null;

export function targetFromMarket(market: MarketSummary, event: Pick<EventDetail, 'id' | 'title'> | null, tokenId: string): TradeTarget {
  const outcome = market.outcomes.find((o) => o.tokenId === tokenId) ?? market.outcomes[0];
  return {
    tokenId: outcome?.tokenId ?? tokenId,
    outcome: outcome?.name ?? '',
    outcomes: market.outcomes.map((o) => ({ name: o.name, tokenId: o.tokenId })),
    marketId: market.id,
    conditionId: market.conditionId,
    question: market.question,
    eventId: event?.id ?? null,
    eventTitle: event?.title ?? null,
    tickSize: market.tickSize,
    minOrderSize: String(market.minOrderSize),
    negRisk: market.negRisk,
  };
}

/** From Markets: trade this outcome now. */
export function openTrade(target: TradeTarget): void {
  useTradeTargetStore.getState().select(target);
  window.location.hash = hrefForView('trade');
}
