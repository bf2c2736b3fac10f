/**
 * The soak (issue 21): the browser-mode host (core, embedded sandbox, WebSocket bridge) and eight
 * windows at natural load for SOAK_MINUTES (default 30), heap after a full GC and RSS every
 * minute (bench/soakRun.ts). After a 10-minute warm-up (the sandbox's book history and trade
 * tapes reach their bounds, the history store's page cache warms), the least-squares slope of each is the
 * verdict: the run fails (exit code 1) when the heap grows more than HEAP_BOUND MiB a minute or
 * the RSS more than RSS_BOUND. It runs only when named: `npm run bench -- soak`.
 */
import type { Bench, BenchRow } from './harness';
import { runSoak, WINDOWS } from './soakRun';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARM_UP_MINUTES = Math.min(10, Math.floor(MINUTES / 3));
/** MiB per minute after the warm-up. */
export const HEAP_BOUND = 0.5;
export const RSS_BOUND = 2;

const bench: Bench = async () => {
  if (!Number.isFinite(MINUTES) || MINUTES < 3) throw new Error(`SOAK_MINUTES must be at least 3 (got ${process.env.SOAK_MINUTES})`);
  const result = await runSoak({
    durationMs: MINUTES * 60_000,
    sampleMs: 60_000,
    warmUpMs: WARM_UP_MINUTES * 60_000,
    onSample: (s) => process.stderr.write(`soak: minute ${s.minute.toFixed(1)}: heap ${s.heapMiB.toFixed(1)} MiB, RSS ${s.rssMiB.toFixed(1)} MiB\n`),
  });
  const heapOk = result.heapSlope <= HEAP_BOUND;
  const rssOk = result.rssSlope <= RSS_BOUND;
  if (!heapOk || !rssOk) process.exitCode = 1;
  const first = result.samples[0]!;
  const last = result.samples.at(-1)!;
  const rows: BenchRow[] = [
    ...result.samples.map((s) => ({ bench: 'soak', metric: `minute ${Math.round(s.minute)} heap / RSS`, value: s.heapMiB, unit: `MiB heap, ${s.rssMiB.toFixed(1)} MiB RSS` })),
    { bench: 'soak', metric: `heap slope after ${WARM_UP_MINUTES} min`, value: result.heapSlope, unit: `MiB/min (bound ${HEAP_BOUND})` },
    { bench: 'soak', metric: `RSS slope after ${WARM_UP_MINUTES} min`, value: result.rssSlope, unit: `MiB/min (bound ${RSS_BOUND})` },
    { bench: 'soak', metric: 'bridge calls answered', value: result.calls, unit: 'calls' },
  ];
  return {
    rows,
    summary: [
      `soak: ${WINDOWS} windows for ${MINUTES} min: heap ${first.heapMiB.toFixed(1)} → ${last.heapMiB.toFixed(1)} MiB, RSS ${first.rssMiB.toFixed(1)} → ${last.rssMiB.toFixed(1)} MiB; ` +
        `after the ${WARM_UP_MINUTES}-minute warm-up the heap moves ${result.heapSlope.toFixed(3)} MiB/min (bound ${HEAP_BOUND}) and the RSS ${result.rssSlope.toFixed(3)} MiB/min (bound ${RSS_BOUND}): ` +
        `${heapOk && rssOk ? 'flat' : 'FAIL: memory grows'}; ${result.calls} bridge calls, failed: ${JSON.stringify(result.failedCalls)}`,
    ],
  };
};

export default bench;
