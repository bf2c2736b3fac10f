/**
 * Trade's first frame is the ladder and the ticket: the parts around them (the chart, the trades
 * tape, the activity tables, balance, alerts, risk, the account panel) render in the task after
 * the frame that shows the first book — or the ladder's note, when no book comes. Rendered in the same
 * pass, they doubled the first render and its layout, and the book waited for them (the startup
 * bench's trace). Once Trade has shown its first book, later visits render everything at once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useBookStore } from '../../stores/bookStore';

let firstBookShown = false;
/** No frame runs while the window is hidden: then the parts come after this, frame or not. */
const WITHOUT_A_FRAME_MS = 250;

/** `placeholder` holds the part's place until then (nothing when not given). */
export function AfterFirstBook({ tokenId, placeholder = null, children }: { tokenId: string; placeholder?: ReactNode; children: ReactNode }) {
  const bookSettled = useBookStore((s) => s.books[tokenId] !== undefined || s.watchPhase !== 'loading');
  const [ready, setReady] = useState(firstBookShown);
  useEffect(() => {
    if (ready || !bookSettled) return undefined;
    const show = () => {
      firstBookShown = true;
      setReady(true);
    };
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (afterFrame = setTimeout(show, 0)));
    const fallback = setTimeout(show, WITHOUT_A_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [ready, bookSettled]);
  return ready ? children : placeholder;
}
