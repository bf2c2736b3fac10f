/**
 * The order ticket's inputs. A store rather than component state because the ladder (click a
 * level), the mode banner ("Use post-only") and the keyboard shortcuts (B, S) all fill it.
 */
import { create } from 'zustand';
import type { OrderSide, OrderType } from '../../shared/tradingViews';

export type QuantityUnit = 'shares' | 'usd';

export interface TicketInputs {
  side: OrderSide;
  orderType: OrderType;
  price: string;
  unit: QuantityUnit;
  size: string;
  amount: string;
  /** GTD expiry as a `datetime-local` value, in the user's time zone. */
  expiry: string;
  postOnly: boolean;
}

interface TicketState extends TicketInputs {
  /** The outcome the price was typed for. */
  tokenId: string | null;
  set: (change: Partial<TicketInputs>) => void;
  /** Another outcome: its prices differ, so the old price must not carry over (the rest may). */
  pickOutcome: (tokenId: string) => void;
}

export const useTicketStore = create<TicketState>()((set) => ({
  side: 'BUY',
  orderType: 'GTC',
  price: '',
  unit: 'shares',
  size: '',
  amount: '',
  expiry: '',
  postOnly: false,
  tokenId: null,
  set: (change) => set(change),
  pickOutcome: (tokenId) => set((s) => (s.tokenId === tokenId ? s : { tokenId, price: '' })),
}));

/** USD amounts are for market BUY orders only (FOK/FAK); everything else is sized in shares. */
export const usdAllowed = (inputs: Pick<TicketInputs, 'side' | 'orderType'>): boolean =>
  inputs.side === 'BUY' && (inputs.orderType === 'FOK' || inputs.orderType === 'FAK');

export const postOnlyAllowed = (orderType: OrderType): boolean => orderType === 'GTC' || orderType === 'GTD';
