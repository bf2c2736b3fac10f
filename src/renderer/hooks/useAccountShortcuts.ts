import { useEffect } from 'react';
import { useAccountsStore } from '../stores/accountsStore';

/**
 * Ctrl+1…9 (Cmd on macOS) switches to account N in the switcher's order, from anywhere in the
 * window. A failure shows in the title-bar switcher, like a switch made there.
 */
export function useAccountShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const digit = /^Digit([1-9])$/.exec(event.code)?.[1] ?? (/^[1-9]$/.test(event.key) ? event.key : null);
      if (!digit) return;
      const { accounts, switchTo } = useAccountsStore.getState();
      const target = accounts[Number(digit) - 1];
      if (!target) return;
      // Ours now, not the browser's "go to tab N".
      event.preventDefault();
      void switchTo(target.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
