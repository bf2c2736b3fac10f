/**
 * A value that follows `value` one painted frame late. For what draws a second picture of
 * something the user sees first elsewhere — the chart's order lines and fill markers repeat the
 * ladder's own orders and the Trades table — so redrawing it never delays the frame that shows
 * the new order or fill where the user looks for it. Changes that come faster than frames are
 * taken together: the newest value is shown once the frame after the first change was painted.
 */
import { useEffect, useRef, useState } from 'react';

export function useAfterNextPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const pending = useRef(false);
  useEffect(() => {
    latest.current = value;
    if (Object.is(shown, value) || pending.current) return;
    pending.current = true;
    // The animation frame that paints the change, then the first task after it.
    requestAnimationFrame(() =>
      setTimeout(() => {
        pending.current = false;
        setShown(() => latest.current);
      }, 0),
    );
  }, [value, shown]);
  return shown;
}
