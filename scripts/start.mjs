#!/usr/bin/env node
// `npm start`: the desktop app when the Electron runtime is installed, otherwise the same app in
// browser mode (scripts/web.mjs), with the same arguments either way. Exit codes and signals
// pass through, so `npm start` behaves like the process it ends up running.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BROWSER_MODE_NOTICE, electronPackageDir, findElectronRuntime } from './electronRuntime.mjs';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);

/** Runs a child with inherited stdio; resolves with how it ended. */
function run(command, commandArgs, env = process.env) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
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

const runtime = findElectronRuntime({ electronDir: electronPackageDir(root) });

if (!runtime) {
  process.stderr.write(`${BROWSER_MODE_NOTICE}\n`);
  exitLike(await run(process.execPath, [join(root, 'scripts/web.mjs'), ...args]));
} else {
  const electronVite = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
  const build = await run(process.execPath, [electronVite, 'build']);
  if (build.signal || build.code !== 0) exitLike(build);
  else {
    // An inherited ELECTRON_RUN_AS_NODE would start Electron as plain Node, not as the app.
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE;
    // `root` makes Electron load package.json's main (out/main/index.js).
    exitLike(await run(runtime.executablePath, [root, ...args], env));
  }
}
