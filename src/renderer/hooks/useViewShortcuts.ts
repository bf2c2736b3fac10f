import { useEffect } from 'react';
import { hrefForView } from '../stores/navigationStore';
import { typingInTextField, VIEW_KEYS } from './shortcutKeys';

/** How long after G the second key still counts. */
const CHORD_MS = 1500;

/**
 * G then a letter switches views (G M Markets, G T Trade, …; see shortcutKeys), from anywhere
 * but a text field or a dialog. A chord, not a modifier: Alt+letter opens menus in some browsers
 * and Ctrl+digit is the browser's own in browser mode.
 */
export function useViewShortcuts(): void {
  useEffect(() => {
    let armedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]') || typingInTextField(event)) return;
      const key = event.key.toLowerCase();
      if (armedAt > 0 && event.timeStamp - armedAt <= CHORD_MS) {
        armedAt = 0;
        const view = VIEW_KEYS[key];
        if (!view) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        window.location.hash = hrefForView(view);
        return;
      }
      if (key === 'g' && !event.shiftKey) {
        armedAt = event.timeStamp;
        event.preventDefault();
      }
    };
    // Capture: the second key of a chord must not also reach the view's own letters (T, S, …).
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
