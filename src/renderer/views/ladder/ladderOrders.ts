/**
 * Orders sent from the ladder and the trade hotkeys (buy at the ask, join the bid, …): limit
 * orders at the level's price for the ticket's size. Where the page shows its own summary first
 * (the account's "Confirm orders", on a network where main does not ask itself) they take the
 * ticket's road: main's checks (`previewOrder`), the summary, then `placeOrder`. Otherwise they go
 * straight to `placeOrder`, one round trip: main checks every order again before it signs (the
 * ticket's rules, the risk limits) and asks in its own surface where it asks, so a problem comes
 * back as the refusal in its words and nothing is signed.
 * The ticket mirrors the side and price, so what was sent is what the ticket shows. An answer
 * belongs to the account, the outcome and the unlocked session that produced it, and ages out.
 */
import { create } from 'zustand';
import type { BridgeError } from '../../../shared/result';
import type { OrderPreview, OrderSide, OrderTicket, OrderType, PlacedOrder, TradingState } from '../../../shared/tradingViews';
import { api } from '../../bridge/api';
import { priceText } from '../../lib/ticks';
import { useAccountsStore } from '../../stores/accountsStore';
import { useBookStore } from '../../stores/bookStore';
import { useTicketStore } from '../../stores/ticketStore';
import { currentTradingBlock } from '../../stores/tradingAccess';
import { modeRefusal, useTradingStateStore } from '../../stores/tradingStateStore';
import { useTradeTargetStore } from '../../stores/tradeTargetStore';
import { draftTicket } from '../trade/ticket/ticketModel';
import { formatSentence } from '../../lib/format';

export interface LadderIntent {
  side: OrderSide;
  price: string;
  /** What the user did, for the answer line: "Buy at 0.45", "Join the bid". */
  what: string;
  /** Flatten sends a FAK for the held shares; everything else rests as the ticket's GTC/GTD. */
  orderType?: OrderType;
  size?: string;
}

export interface LadderAnswer {
  seq: number;
  accountId: string | null;
  /** The outcome it was sent for: another outcome's ladder does not show it. */
  tokenId: string;
  /** Epoch ms when it arrived: it ages out like every action's result (actionResultsStore). */
  at: number;
  what: string;
  placed: PlacedOrder | null;
  /** Why nothing was sent (a missing size, a check that failed), in words. */
  note: string | null;
  error: BridgeError | null;
}

interface LadderOrderState {
  pending: boolean;
  confirming: { preview: OrderPreview; what: string } | null;
  answer: LadderAnswer | null;
  send: (intent: LadderIntent) => Promise<void>;
  /** "Send again" for an order whose answer said it never reached the book. */
  resend: (ticket: OrderTicket, what: string) => Promise<void>;
  confirm: () => Promise<void>;
  dismissConfirm: () => void;
  clear: () => void;
  /** Says why a key did nothing (no best ask to buy at, …), in the same line. */
  say: (what: string, note: string) => void;
}

let seq = 0;
const activeAccountId = () => useAccountsStore.getState().activeAccountId;
/** Whether the page shows its own summary before this account's orders (not known yet: it does). */
const pageConfirms = (state: TradingState | null) => state === null || (state.confirmOrders && state.confirmsIn === 'page');

/** Moves the keyboard to a ticket field (the size, when the ladder needs one). */
export function focusTicketField(field: 'price' | 'size'): void {
  const input = document.querySelector<HTMLInputElement>(field === 'price' ? '[data-testid="ticket-price"]' : '[data-testid="ticket-size"], [data-testid="ticket-amount"]');
  input?.focus();
  input?.select();
}

export const useLadderOrders = create<LadderOrderState>()((set, get) => {
  const answer = (what: string, part: Partial<Pick<LadderAnswer, 'placed' | 'note' | 'error'>>) =>
    set({ pending: false, confirming: null, answer: { seq: ++seq, accountId: activeAccountId(), tokenId: useTradeTargetStore.getState().target?.tokenId ?? '', at: Date.now(), what, placed: null, note: null, error: null, ...part } });

  const place = async (ticket: OrderTicket, what: string) => {
    set({ pending: true });
    const result = await api.placeOrder({ ticket });
    answer(what, result.ok ? { placed: result.value } : { error: result.error });
  };

  return {
    pending: false,
    confirming: null,
    answer: null,
    send: async (intent) => {
      const target = useTradeTargetStore.getState().target;
      if (get().pending || get().confirming || !target) return;
      const tick = useBookStore.getState().books[target.tokenId]?.tickSize ?? target.tickSize;
      const price = priceText(intent.price, tick);
      const ticketStore = useTicketStore.getState();
      ticketStore.set({ side: intent.side, price });
      const block = currentTradingBlock();
      if (block) return answer(intent.what, { note: block.reason });
      const refusal = modeRefusal(useTradingStateStore.getState().state);
      if (refusal) return answer(intent.what, { note: refusal });
      const size = (intent.size ?? ticketStore.size).trim();
      if (size === '') {
        focusTicketField('size');
        return answer(intent.what, { note: 'Enter a size in the ticket first: the ladder trades the ticket’s size.' });
      }
      const orderType: OrderType = intent.orderType ?? (ticketStore.orderType === 'GTD' ? 'GTD' : 'GTC');
      const draft = draftTicket({ ...ticketStore, side: intent.side, price, size, unit: 'shares', orderType, postOnly: intent.orderType ? false : ticketStore.postOnly }, target.tokenId);
      if (!draft.ticket) return answer(intent.what, { note: draft.missing });
      set({ pending: true, answer: null });
      if (!pageConfirms(useTradingStateStore.getState().state)) return place(draft.ticket, intent.what);
      const checked = await api.previewOrder({ ticket: draft.ticket });
      if (!checked.ok) return answer(intent.what, { error: checked.error });
      const preview = checked.value;
      if (preview.problems.length > 0) return answer(intent.what, { note: `Not sent: ${preview.problems.map((problem) => formatSentence(problem.parts)).join(' ')}` });

      // risk: main would refuse it before signing; say so now, in its words.
      if (preview.riskLimit) return answer(intent.what, { note: `Not sent: ${preview.riskLimit}` });
      if (preview.needsConfirmation) {
        set({ pending: false, confirming: { preview, what: intent.what } });
        return undefined;
      }
      return place(preview.ticket, intent.what);
    },
    resend: async (ticket, what) => {
      if (!get().pending) await place(ticket, what);
    },
    confirm: async () => {
      const held = get().confirming;
      if (!held || get().pending) return;
      await place(held.preview.ticket, held.what);
    },
    dismissConfirm: () => set({ confirming: null }),
    clear: () => set({ answer: null }),
    say: (what, note) => answer(what, { note }),
  };
});
