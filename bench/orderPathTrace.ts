/**
 * Where one order's time went, from the marks of both sides of the bridge: the page's (input,
 * WebSocket frames, DOM commit, the frame that showed it: bench/clickToOrderPage.ts) and the
 * core's and the sandbox's (src/shared/perfTrace.ts). Each milestone is the first matching mark
 * after the one before it; a segment is the time between two milestones, so the segments add up
 * to the whole. All times are epoch ms of the same machine's clock (marks from two processes:
 * the bridge segments carry the clocks' small disagreement).
 */
import type { TraceMark } from '../src/shared/perfTrace';
import type { Painted, ProbeLog } from './clickToOrderPage';

interface Milestone {
  segment: string;
  find: (from: number) => number | null;
}

const firstMark = (marks: readonly TraceMark[], name: string, detail?: string) => (from: number) =>
  marks.find((m) => m.at >= from && m.name === name && (detail === undefined || m.detail === detail))?.at ?? null;

const firstFrame = (probes: ProbeLog, dir: 'in' | 'out', text: string) => (from: number) =>
  probes.frames.find((f) => f.at >= from && f.dir === dir && f.head.includes(text))?.at ?? null;

/** Segment name → ms, in order, for one order placed from the page; null where a milestone is missing. */
export function orderBreakdown(input: number, probes: ProbeLog, marks: readonly TraceMark[], pushedEvent: string, pushedAfter: string | null, shown: Painted): Array<[string, number]> | null {
  const milestones: Milestone[] = [
    { segment: 'renderer: input → placeOrder frame sent', find: firstFrame(probes, 'out', '"channel":"placeOrder"') },
    { segment: 'bridge: frame → core', find: firstMark(marks, 'bridge.in', 'placeOrder') },
    { segment: 'core: ticket, book, balance and risk checks', find: firstMark(marks, 'order.checked') },
    { segment: 'core: main’s confirmation', find: firstMark(marks, 'order.confirmed') },
    { segment: 'core: key and signing', find: firstMark(marks, 'order.signed') },
    { segment: 'core: rate-budget queue', find: firstMark(marks, 'http.sent', 'POST /order') },
    { segment: 'HTTP: request to the exchange', find: firstMark(marks, 'exchange.in', 'POST /order') },
    { segment: 'exchange: verify and match', find: firstMark(marks, 'exchange.out', 'POST /order') },
    { segment: 'HTTP: answer back', find: firstMark(marks, 'http.answered', 'POST /order') },
    ...(pushedAfter ? [{ segment: `core: ${pushedAfter}`, find: firstMark(marks, 'http.answered', pushedAfter) }] : []),
    { segment: `core: ${pushedEvent} pushed`, find: firstMark(marks, 'bridge.event', pushedEvent) },
    { segment: 'bridge: event → page', find: firstFrame(probes, 'in', `"event":"${pushedEvent}"`) },
    { segment: 'renderer: from the event to the DOM commit', find: () => shown.mutatedAt },
    { segment: 'renderer: to the painted frame', find: () => shown.paintedAt },
  ];
  const out: Array<[string, number]> = [];
  let at = input;
  for (const milestone of milestones) {
    const next = milestone.find(at);
    if (next === null) return null;
    out.push([milestone.segment, next - at]);
    at = next;
  }
  return out;
}

/** The bare pipeline's order: page, bare process and HTTP, exchange, back, paint. */
export function bareBreakdown(input: number, probes: ProbeLog, marks: readonly TraceMark[], shown: Painted): Array<[string, number]> | null {
  const sent = firstFrame(probes, 'out', '"kind":"order"')(input);
  const exchangeIn = sent === null ? null : firstMark(marks, 'exchange.in', 'POST /order')(sent);
  const exchangeOut = exchangeIn === null ? null : firstMark(marks, 'exchange.out', 'POST /order')(exchangeIn);
  const back = exchangeOut === null ? null : firstFrame(probes, 'in', '"answer"')(exchangeOut);
  if (sent === null || exchangeIn === null || exchangeOut === null || back === null) return null;
  return [
    ['page: input → frame sent', sent - input],
    ['bare process: sign, HTTP to the exchange', exchangeIn - sent],
    ['exchange: verify and match', exchangeOut - exchangeIn],
    ['answer back to the page', back - exchangeOut],
    ['page: paint the answer', shown.paintedAt - back],
  ];
}
