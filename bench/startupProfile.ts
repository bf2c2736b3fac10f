/**
 * Which functions a cold start spends its main-thread time in (issue 22, renderer startup):
 * `npx tsx bench/startupProfile.ts [loads]` opens Marketdesk on Trade in fresh Chromium contexts,
 * as the startup bench does, with V8's sampling profiler on from the navigation to the frame that
 * shows the first book, and prints the self time per script file and per function (per load),
 * and the source lines of the heaviest module top levels. Build the renderer without minifying
 * first to read the names: `npx vite build --config vite.renderer.config.ts --minify false`
 * (then `npm run build:renderer` again before a bench). A diagnostic, not a bench: the profiler
 * slows the page. It found the formatting layer's first Intl formatter built at module load,
 * ahead of the bridge's socket (decision 50/08).
 */
import { forEachColdTradeLoad } from './coldTradeLoads';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  positionTicks?: Array<{ line: number; ticks: number }>;
}
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

const loads = Number(process.argv[2] ?? 3);
const SAMPLE_US = 100;
const bySelf = new Map<string, number>();
const byFile = new Map<string, number>();
const topLevelLines = new Map<string, number>();
const fileOf = (url: string) => url.replace(/^.*\//, '');
const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

await forEachColdTradeLoad(loads, { trace: false }, async ({ context, page, open }, i) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  await cdp.send('Profiler.start');
  const first = await open();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  // The profile starts just before the navigation: samples past the painted mark are left out.
  let at = profile.startTime;
  for (let k = 0; k < profile.samples.length; k += 1) {
    at += profile.timeDeltas[k]!;
    if ((at - profile.startTime) / 1000 > first.paintedAt) break;
    const node = nodes.get(profile.samples[k]!)!;
    const ms = (profile.timeDeltas[k + 1] ?? SAMPLE_US) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    add(bySelf, `${functionName || '(top level)'} ${fileOf(url)}:${lineNumber + 1}`, ms);
    add(byFile, fileOf(url) || functionName, ms);
  }
  for (const node of profile.nodes) {
    if (node.callFrame.functionName !== '' || node.callFrame.lineNumber !== 0 || !node.callFrame.url) continue;
    for (const tick of node.positionTicks ?? []) add(topLevelLines, `${fileOf(node.callFrame.url)}:${tick.line}`, (tick.ticks * SAMPLE_US) / 1000);
  }
  console.log(`load ${i + 1}: first book painted at ${first.paintedAt.toFixed(0)} ms`);
});
const top = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, ms]) => `${(ms / loads).toFixed(1).padStart(7)} ms  ${key}`).join('\n');
console.log(`\nself time per load, by file\n${top(byFile, 15)}\n\nby function\n${top(bySelf, 40)}\n\nmodule top levels, by source line\n${top(topLevelLines, 10)}`);
