import { useEffect } from 'react';
import { useAccountsStore } from '../stores/accountsStore';

/**
 * Switches to account N in the switcher's order, from anywhere in the window: Alt+Shift+1…9 in
 * both modes, and Ctrl+1…9 (Cmd on macOS) in the desktop app too. In a browser Ctrl+1…9 belongs to
 * the browser (go to tab N) and never reaches the page, so it is not offered there. A failure
 * shows in the title-bar switcher, like a switch made there.
 */
export function useAccountShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const digit = /^Digit([1-9])$/.exec(event.code)?.[1] ?? (/^[1-9]$/.test(event.key) ? event.key : null);
      if (!digit) return;
      const withMod = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      const withAltShift = event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey;
      // Ctrl+digit is kept in browser mode as well: where the browser lets it through (a test
      // driver, a kiosk), it still does what it says.
      if (!withMod && !withAltShift) return;
      const { accounts, switchTo } = useAccountsStore.getState();
      const target = accounts[Number(digit) - 1];
      if (!target) return;
      event.preventDefault();
      void switchTo(target.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

