/**
 * What the app asks for at start-up when it opens on Trade, before Trade's code has loaded: the
 * remembered outcome's book. The core reads it from the exchange while the shell and Trade
 * render (the startup bench measured that wait in series after them), and Trade, asking for the
 * same book when it mounts, finds it watched — or already here, and draws the ladder in its first
 * render. The book is the one live read of the network the app is on; nothing is kept from before.
 */
import { releaseBooksAhead, watchBooksAhead } from '../../stores/bookWatch';
import { useNavigationStore } from '../../stores/navigationStore';
import { useTradeTargetStore } from '../../stores/tradeTargetStore';

export function watchRememberedBookAhead(): void {
  const target = useTradeTargetStore.getState().target;
  if (useNavigationStore.getState().view !== 'trade' || target === null) return;
  watchBooksAhead([target.tokenId]);
  // Left for another view before Trade took the book over: main stops polling it for us.
  const stop = useNavigationStore.subscribe((state) => {
    if (state.view === 'trade') return;
    stop();
    releaseBooksAhead();
  });
}
