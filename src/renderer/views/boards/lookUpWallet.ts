/** A wallet on a board, opened read-only in Portfolio (the same as typing it in the lookup box). */
import { hrefForView } from '../../stores/navigationStore';
import { usePortfolioStore } from '../../stores/portfolioStore';

export function lookUpWallet(address: string): void {
  usePortfolioStore.getState().choose({ kind: 'address', address: address.toLowerCase() });
  window.location.hash = hrefForView('portfolio');
}
