import { useEffect, useRef } from 'react';
import { useTicketStore } from '../../stores/ticketStore';

/**
 * B and S pick the ticket's side, Ctrl/Cmd+Shift+X asks to cancel all — while the Trade view is
 * open. Letters are left alone in text fields (search, expiry) but not in the ticket's numeric
 * fields, where a letter means nothing and the shortcut is what the trader meant. Enter is the
 * ticket form's own submit.
 */
export function useTradeShortcuts(onCancelAll: () => void): void {
  const latest = useRef(onCancelAll);
  useEffect(() => {
    latest.current = onCancelAll;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.shiftKey && !event.altKey && event.code === 'KeyX') {
        event.preventDefault();
        latest.current();
        return;
      }
      if (mod || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (typing && !typing.hasAttribute('data-ticket-input')) return;
      const key = event.key.toLowerCase();
      if (key !== 'b' && key !== 's') return;
      event.preventDefault();
      useTicketStore.getState().set({ side: key === 'b' ? 'BUY' : 'SELL' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
