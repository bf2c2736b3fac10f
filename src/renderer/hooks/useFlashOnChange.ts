import { useEffect, useRef, type RefObject } from 'react';

/**
 * Briefly flashes an element when `value` changes, so the eye catches which level moved. It runs
 * a Web Animation on the element's ::after overlay: no re-render, no timers, restarts cleanly on
 * rapid changes, and no inline style that the CSP would have to allow. `data-flash` picks the
 * colour (up or down) in CSS.
 */
export function useFlashOnChange(ref: RefObject<HTMLElement | null>, value: string): void {
  const previous = useRef(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const element = ref.current;
    if (before === value || !element || typeof element.animate !== 'function') return;
    element.dataset.flash = Number(value) >= Number(before) ? 'up' : 'down';
    element.animate({ opacity: [0.85, 0] }, { duration: 700, easing: 'ease-out', pseudoElement: '::after' });
  }, [ref, value]);
}
