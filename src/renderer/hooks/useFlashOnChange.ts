import { useEffect, useRef, type RefObject } from 'react';

/** Users who ask the system for less motion get no flash: the new number is the news. */
const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

/**
 * Briefly flashes an element when `value` changes, so the eye catches which level moved. It runs
 * a Web Animation on the element's ::after overlay: no re-render, no timers, restarts cleanly on
 * rapid changes, and no inline style that the CSP would have to allow. `data-flash` picks the
 * colour (up or down) in CSS. Calm on purpose: a soft peak that fades in half a second, since a
 * busy book changes many levels a second and a strobing ladder is harder to read, not easier.
 */
const FLASH_GAP_MS = 1_000;

export function useFlashOnChange(ref: RefObject<HTMLElement | null>, value: string): void {
  const previous = useRef(value);
  const lastFlashAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const element = ref.current;
    if (before === value || !element || typeof element.animate !== 'function' || reducedMotion?.matches) return;
    // At most one flash per cell per FLASH_GAP_MS: on a busy book every level changes several
    // times a second, and a cell that never stops flashing says nothing (and costs a repaint of
    // every animated cell on every frame).
    const now = performance.now();
    if (now - lastFlashAt.current < FLASH_GAP_MS) return;
    lastFlashAt.current = now;
    element.dataset.flash = Number(value || 0) >= Number(before || 0) ? 'up' : 'down';
    element.animate({ opacity: [0.3, 0] }, { duration: 450, easing: 'ease-out', pseudoElement: '::after' });
  }, [ref, value]);
}
