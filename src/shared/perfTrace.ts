/**
 * Timestamps along the order path (bridge, order service, HTTP client, the sandbox's order route)
 * for the click-to-order bench (bench/clickToOrder.bench.ts). Off unless a bench switches it on:
 * then a mark is one boolean test. Times are epoch milliseconds on the high-resolution clock, so
 * marks taken in another process (the renderer's, the bare baseline's) line up with these.
 * A mark carries names only (a channel, a route): never an input, an answer or a key.
 */
export interface TraceMark {
  name: string;
  /** Epoch ms (performance.timeOrigin + performance.now()). */
  at: number;
  detail?: string;
}

/** A bench that never collects its marks must not grow the process without bound. */
const MAX_MARKS = 20_000;

let enabled = false;
let marks: TraceMark[] = [];

export function setTracing(on: boolean): void {
  enabled = on;
  marks = [];
}

export function traceMark(name: string, detail?: string): void {
  if (!enabled || marks.length >= MAX_MARKS) return;
  marks.push(detail === undefined ? { name, at: performance.timeOrigin + performance.now() } : { name, at: performance.timeOrigin + performance.now(), detail });
}

/** The marks since the last call, oldest first; the buffer starts again empty. */
export function takeTraceMarks(): TraceMark[] {
  const taken = marks;
  marks = [];
  return taken;
}
