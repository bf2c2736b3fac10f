import { useEffect } from 'react';
import { useBookStore } from '../../stores/bookStore';
import { useTicketStore } from '../../stores/ticketStore';
import { currentTradingBlock } from '../../stores/tradingAccess';
import { useTradeTargetStore } from '../../stores/tradeTargetStore';
import { typingInTextField } from '../../hooks/shortcutKeys';
import { useLadderCommands } from '../ladder/ladderCommands';
import { focusTicketField, useLadderOrders, type LadderIntent } from '../ladder/ladderOrders';
import { useTradeDialogs } from './tradeDialogs';

/** The best bid or ask of the traded outcome now, for the keys that trade at it. */
function touch(side: 'bid' | 'ask'): string | null {
  const target = useTradeTargetStore.getState().target;
  const book = target ? useBookStore.getState().books[target.tokenId] : undefined;
  return (side === 'bid' ? book?.bestBid : book?.bestAsk) ?? null;
}

function sendAt(side: 'bid' | 'ask', intent: Omit<LadderIntent, 'price'>): void {
  const price = touch(side);
  if (price === null) {
    useLadderOrders.getState().say(intent.what, `There is no best ${side} to trade at.`);
    return;
  }
  void useLadderOrders.getState().send({ ...intent, price });
}

/** Letter keys of the Trade view (the map and its help sheet: hooks/shortcutKeys.ts). */
const LETTERS: Record<string, () => void> = {
  b: () => useTicketStore.getState().set({ side: 'BUY' }),
  s: () => useTicketStore.getState().set({ side: 'SELL' }),
  'shift+b': () => sendAt('ask', { side: 'BUY', what: 'Buy at the ask' }),
  'shift+s': () => sendAt('bid', { side: 'SELL', what: 'Sell at the bid' }),
  j: () => sendAt('bid', { side: 'BUY', what: 'Join the bid' }),
  k: () => sendAt('ask', { side: 'SELL', what: 'Join the ask' }),
  p: () => focusTicketField('price'),
  q: () => focusTicketField('size'),
  l: () => useLadderCommands.getState().focus(),
  c: () => useLadderCommands.getState().recentre(),
  '?': () => useTradeDialogs.getState().showHelp(),
  'shift+?': () => useTradeDialogs.getState().showHelp(),
  // risk: the kill switch asks once, then cancels every account's orders on this network.
  'shift+k': () => useTradeDialogs.getState().askKill(),
  'shift+f': () => {
    if (currentTradingBlock() === null) useTradeDialogs.getState().askFlatten();
  },
  x: () => {
    const target = useTradeTargetStore.getState().target;
    if (target && currentTradingBlock() === null) useTradeDialogs.getState().askCancel({ kind: 'market', conditionId: target.conditionId, question: target.question });
  },
};

/** [ and ] by physical key, so they work on keyboards where the brackets need AltGr. */
const BRACKETS: Record<string, 'BUY' | 'SELL'> = { BracketLeft: 'BUY', BracketRight: 'SELL' };

/**
 * The Trade view's keys, while it is open. Letters are left alone in text fields (search,
 * expiry) but not in the ticket's numeric fields, where a letter means nothing and the shortcut
 * is what the trader meant. Nothing fires under an open dialog. Enter is the ticket form's own.
 */
export function useTradeShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open]') || event.defaultPrevented) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.shiftKey && !event.altKey && event.code === 'KeyX') {
        event.preventDefault();
        if (currentTradingBlock() === null) useTradeDialogs.getState().askCancel({ kind: 'all' });
        return;
      }
      if (mod || event.altKey || event.repeat || typingInTextField(event)) return;
      const side = BRACKETS[event.code];
      const target = useTradeTargetStore.getState().target;
      if (side && target) {
        event.preventDefault();
        if (currentTradingBlock() === null) useTradeDialogs.getState().askCancel({ kind: 'side', tokenId: target.tokenId, outcome: target.outcome, side });
        return;
      }
      const key = event.key.toLowerCase();
      const action = LETTERS[event.shiftKey && key !== '?' ? `shift+${key}` : key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
