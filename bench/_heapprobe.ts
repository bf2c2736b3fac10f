import { writeHeapSnapshot } from 'node:v8';
import { runSoak } from './soakRun';
const minutes = Number(process.argv[2] ?? 9);
const snapAt = (process.argv[3] ?? '3,9').split(',').map(Number);
const result = await runSoak({
  durationMs: minutes * 60_000, sampleMs: 60_000, warmUpMs: 120_000, sandboxBookHistoryBytes: 1 << 20,
  onSample: (s) => {
    process.stderr.write(`${s.minute.toFixed(2)} heap ${s.heapMiB.toFixed(1)} rss ${s.rssMiB.toFixed(1)}\n`);
    if (snapAt.includes(Math.round(s.minute))) process.stderr.write(`snapshot ${writeHeapSnapshot(`/tmp/heapdiff/m${Math.round(s.minute)}.heapsnapshot`)}\n`);
  },
});
console.log(JSON.stringify({ heapSlope: result.heapSlope, rssSlope: result.rssSlope, calls: result.calls, failed: result.failedCalls }));
