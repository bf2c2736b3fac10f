// Saved window placement is restored only when it is well formed and still reachable.
import { describe, expect, it } from 'vitest';
import { restorableWindowState } from '../../../src/main/electron/windowBounds';

const laptop = { x: 0, y: 0, width: 1920, height: 1080 };
const external = { x: 1920, y: 0, width: 2560, height: 1440 };
const saved = (bounds: unknown, maximized: unknown = false) => ({ bounds, maximized });

describe('restorableWindowState', () => {
  it('restores a window that is on a display', () => {
    const state = saved({ x: 100, y: 50, width: 1400, height: 900 }, true);
    expect(restorableWindowState(state, [laptop])).toEqual(state);
    expect(restorableWindowState(saved({ x: 2000, y: 100, width: 1400, height: 900 }), [laptop, external])).not.toBeNull();
  });

  it('drops a window whose display is gone or whose title bar is off-screen', () => {
    expect(restorableWindowState(saved({ x: 2000, y: 100, width: 1400, height: 900 }), [laptop])).toBeNull();
    expect(restorableWindowState(saved({ x: 100, y: -500, width: 1400, height: 900 }), [laptop])).toBeNull();
    expect(restorableWindowState(saved({ x: 1900, y: 100, width: 1400, height: 900 }), [laptop])).toBeNull();
  });

  it('drops malformed or undersized state from the settings file', () => {
    for (const state of [
      undefined,
      null,
      'x',
      {},
      saved(null),
      saved({ x: 0, y: 0, width: 500, height: 300 }),
      saved({ x: 0.5, y: 0, width: 1400, height: 900 }),
      saved({ x: '0', y: 0, width: 1400, height: 900 }),
      saved({ x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 900 }),
    ]) {
      expect(restorableWindowState(state, [laptop]), JSON.stringify(state)).toBeNull();
    }
  });

  it('treats anything but true as not maximized', () => {
    expect(restorableWindowState(saved({ x: 0, y: 0, width: 1400, height: 900 }, 'yes'), [laptop])?.maximized).toBe(false);
  });
});
