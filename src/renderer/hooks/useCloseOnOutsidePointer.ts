/** A title-bar menu closes when the pointer goes down anywhere outside it (the menu's own root). */
import { useEffect, type RefObject } from 'react';

export function useCloseOnOutsidePointer(rootRef: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [rootRef, open, close]);
}
