#!/usr/bin/env node
// `npm run web`: builds the renderer when it has not been built yet, then starts the
// browser-mode host (the real core under plain Node) with the flags given.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const rebuild = args.includes('--rebuild');
const hostArgs = args.filter((arg) => arg !== '--rebuild');

if (rebuild || !existsSync(join(root, 'out/renderer/index.html'))) {
  process.stderr.write('Building the renderer…\n');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const host = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main/web/cli.ts'), ...hostArgs], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
host.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
