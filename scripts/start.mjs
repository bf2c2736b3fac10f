#!/usr/bin/env node
// `npm start`: the desktop app, downloading the Electron runtime first when it is missing
// (scripts/startPlan.mjs), or the same app in browser mode (scripts/web.mjs) with `--browser` or
// when the runtime cannot be had, with the same arguments either way. `npm run dev` runs this
// with `--dev` first: the same runtime, then electron-vite's dev server. Exit codes and signals
// pass through, so `npm start` behaves like the process it ends up running.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DEV_FLAG, planStart } from './startPlan.mjs';

const root = join(import.meta.dirname, '..');
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Runs a child with inherited stdio; resolves with how it ended. */
function run({ command, args, env = process.env }) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`Could not run ${command}: ${error.message}\n`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve({ code, signal });
    });
  });
}

/** Ends this process the way the child ended: same exit code, or the same signal. */
function exitLike({ code, signal }) {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
}

// A signal during the download cancels it (@electron/get removes the partial file), then ends
// this process the way that signal would have.
const cancel = new AbortController();
let cancelledBy = null;
const onSignal = (signal) => {
  cancelledBy = signal;
  cancel.abort();
};
for (const signal of signals) process.on(signal, onSignal);
let plan;
try {
  const [first, ...rest] = process.argv.slice(2);
  const dev = first === DEV_FLAG;
  plan = await planStart({ root, args: dev ? rest : process.argv.slice(2), dev, signal: cancel.signal });
} catch (error) {
  if (!cancelledBy) throw error;
  process.stderr.write('Cancelled: the Electron runtime was not downloaded.\n');
} finally {
  for (const signal of signals) process.off(signal, onSignal);
}

if (!plan) exitLike({ code: 1, signal: cancelledBy });
else if (plan.mode === 'browser') {
  if (plan.notice) process.stderr.write(`${plan.notice}\n`);
  exitLike(await run(plan.launch));
} else {
  const build = plan.build ? await run(plan.build) : { code: 0, signal: null };
  if (build.signal || build.code !== 0) exitLike(build);
  else exitLike(await run(plan.launch));
}
