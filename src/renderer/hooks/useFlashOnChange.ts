import { useEffect, useRef, type RefObject } from 'react';

/** Users who ask the system for less motion get no flash: the new number is the news. */
const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

/**
 * Briefly flashes an element when its value changes, so the eye catches which level moved. It runs
 * a Web Animation on the element's ::after overlay: no re-render, no timers, and no inline style
 * that the CSP would have to allow. `data-flash` picks the colour (up or down) in CSS. Calm on
 * purpose: a soft peak that fades in half a second, since a busy book changes many levels a second
 * and a strobing ladder is harder to read, not easier.
 */
const FLASH_GAP_MS = 1_000;
const FADE: Keyframe[] = [{ opacity: 0.3 }, { opacity: 0 }];
const TIMING: KeyframeAnimationOptions = { duration: 450, easing: 'ease-out', pseudoElement: '::after' };

/**
 * One cell's flash, for cells written outside React (the DOM ladder's painter) as well as by the
 * hook below. The Animation is made once and replayed, and data-flash is written only when the
 * direction turns: on a busy book both would otherwise cost a style recalculation of the cell and
 * a new object on every flash.
 */
export class CellFlash {
  private lastAt = Number.NEGATIVE_INFINITY;
  private direction = '';
  private animation: Animation | null = null;

  constructor(readonly element: HTMLElement) {}

  changed(before: string, value: string): void {
    if (before === value || typeof this.element.animate !== 'function' || reducedMotion?.matches) return;
    // At most one flash per cell per FLASH_GAP_MS: on a busy book every level changes several
    // times a second, and a cell that never stops flashing says nothing (and costs a repaint of
    // every animated cell on every frame).
    const now = performance.now();
    if (now - this.lastAt < FLASH_GAP_MS) return;
    this.lastAt = now;
    const direction = Number(value || 0) >= Number(before || 0) ? 'up' : 'down';
    if (direction !== this.direction) {
      this.direction = direction;
      this.element.dataset.flash = direction;
    }
    // A finished animation played again starts from its beginning (the gap outlasts the fade).
    if (this.animation) this.animation.play();
    else this.animation = this.element.animate(FADE, TIMING);
  }
}

export function useFlashOnChange(ref: RefObject<HTMLElement | null>, value: string): void {
  const previous = useRef(value);
  const flash = useRef<CellFlash | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const element = ref.current;
    if (!element) return;
    if (flash.current?.element !== element) flash.current = new CellFlash(element);
    flash.current.changed(before, value);
  }, [ref, value]);
}
