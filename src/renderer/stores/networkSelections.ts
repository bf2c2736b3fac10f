/**
 * What the user had chosen on each network this session — the Trade view's outcome and the
 * Markets view's event and market — held when the app leaves a network and given back when it
 * returns, so a round trip (sandbox → another profile → sandbox) does not lose the desk. Ids of
 * one network never reach another: a network the session has not held anything for starts empty.
 * The event is read again from the network (its prices are the network's now), the market kept
 * when the event still has it.
 */
import { useAppStatusStore } from './appStatusStore';
import { useEventDetailStore } from './eventDetailStore';
import { useTradeTargetStore, type TradeTarget } from './tradeTargetStore';

interface Held {
  target: TradeTarget | null;
  eventId: string | null;
  marketId: string | null;
}

const held = new Map<string, Held>();

/**
 * The network the choices on screen belong to: the one the app started on, then each one
 * switched to. Not the status's network at the switch, which the new network's first status
 * may already have replaced when `networkChanged` arrives.
 */
let current: string | null = null;
useAppStatusStore.subscribe((state) => {
  if (current === null && state.status) current = state.status.network.id;
});

/** Before the stores are reset: what is chosen now belongs to the network being left. */
export function holdSelections(): void {
  if (current === null) return;
  const { selectedEventId, selectedMarketId } = useEventDetailStore.getState();
  held.set(current, { target: useTradeTargetStore.getState().target, eventId: selectedEventId, marketId: selectedMarketId });
}

/** After the reset: what was chosen on `networkId` before, if anything; else nothing is chosen. */
export function restoreSelections(networkId: string): void {
  current = networkId;
  const before = held.get(networkId);
  if (before?.target) useTradeTargetStore.getState().select(before.target);
  else useTradeTargetStore.getState().clear();
  if (before?.eventId) void useEventDetailStore.getState().selectEvent(before.eventId, before.marketId);
}

