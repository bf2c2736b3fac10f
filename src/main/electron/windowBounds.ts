/**
 * Which saved window bounds are safe to restore. Saved bounds come from a file on disk and from
 * a display layout that may have changed since (an unplugged monitor), so they are checked
 * before use: a window restored off-screen is a window the user cannot reach.
 */

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SavedWindowState {
  bounds: WindowBounds;
  maximized: boolean;
}

export const DEFAULT_WINDOW_SIZE = { width: 1440, height: 900 } as const;
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;

/** How much of the window's top strip (where the title bar is) must be on some display. */
const GRAB_WIDTH = 120;
const GRAB_HEIGHT = 32;

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

function overlap(a: WindowBounds, b: WindowBounds): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** The saved state if it is well formed and reachable on one of `workAreas`, else null. */
export function restorableWindowState(saved: unknown, workAreas: WindowBounds[]): SavedWindowState | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { bounds, maximized } = saved as Partial<SavedWindowState>;
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds;
  if (!isInt(x) || !isInt(y) || !isInt(width) || !isInt(height)) return null;
  if (width < MIN_WINDOW_SIZE.width || height < MIN_WINDOW_SIZE.height) return null;
  const titleStrip = { x, y, width, height: GRAB_HEIGHT };
  const reachable = workAreas.some((area) => {
    const shared = overlap(titleStrip, area);
    return shared.width >= GRAB_WIDTH && shared.height >= GRAB_HEIGHT;
  });
  if (!reachable) return null;
  return { bounds: { x, y, width, height }, maximized: maximized === true };
}
