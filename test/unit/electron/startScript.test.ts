// `npm start` (scripts/start.mjs) in a scratch copy of the repo layout: where the runtime is
// missing it says so in one line and hands the same argv to scripts/web.mjs; where it exists it
// builds, then launches Electron on the app. Exit codes and signals come back unchanged. The
// scratch web.mjs, electron-vite and electron are stand-ins that report what they were given.
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_MODE_NOTICE } from '../../../scripts/electronRuntime.mjs';

const repoRoot = resolve(import.meta.dirname, '../../..');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratchRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'marketdesk-start-'));
  made.push(root);
  mkdirSync(join(root, 'scripts'));
  for (const file of ['start.mjs', 'electronRuntime.mjs']) {
    copyFileSync(join(repoRoot, 'scripts', file), join(root, 'scripts', file));
  }
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  writeFileSync(
    join(root, 'scripts/web.mjs'),
    [
      // The handler goes first: the test signals as soon as the argv line appears.
      "process.on('SIGTERM', () => { console.log('web got SIGTERM'); process.exit(7); });",
      "console.log('web ' + JSON.stringify(process.argv.slice(2)));",
      'setTimeout(() => process.exit(Number(process.env.WEB_EXIT ?? 0)), Number(process.env.WEB_MS ?? 0));',
    ].join('\n'),
  );
  return root;
}

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function start(
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onWebStarted?: (kill: (signal: NodeJS.Signals) => void) => void,
): Promise<Ended> {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('web [')) onWebStarted?.((signal) => child.kill(signal));
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (code, signal) => done({ code, signal, stdout, stderr })));
}

describe('scripts/start.mjs', () => {
  it('without the runtime: one notice line, then browser mode with the same argv and its exit code', async () => {
    const root = scratchRepo();
    const ended = await start(root, ['--port', '0', '--no-open', '--data-dir', '/tmp/x'], { WEB_EXIT: '3' });
    expect(ended.stderr).toBe(`${BROWSER_MODE_NOTICE}\n`);
    expect(ended.stdout).toBe('web ["--port","0","--no-open","--data-dir","/tmp/x"]\n');
    expect(ended.code).toBe(3);
  });

  it('forwards SIGTERM to browser mode and exits the way it did', async () => {
    const root = scratchRepo();
    const ended = await start(root, [], { WEB_MS: '10000' }, (kill) => kill('SIGTERM'));
    expect(ended.stdout).toContain('web got SIGTERM');
    expect(ended.code).toBe(7);
  });

  it('with the runtime: builds, then launches Electron on the app with the argv', async () => {
    const root = scratchRepo();
    const bin = join(root, 'node_modules/electron-vite/bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'electron-vite.js'), "console.log('build ' + process.argv.slice(2).join(' '));");
    const dist = join(root, 'electron-dist');
    mkdirSync(dist);
    writeFileSync(
      join(dist, 'electron'),
      `#!${process.execPath}\nconsole.log('electron ' + JSON.stringify(process.argv.slice(2)) + ' ' + (process.env.ELECTRON_RUN_AS_NODE ?? 'unset'));\nprocess.exit(5);\n`,
    );
    chmodSync(join(dist, 'electron'), 0o755);
    const ended = await start(root, ['--data-dir=/tmp/x'], { ELECTRON_OVERRIDE_DIST_PATH: dist, ELECTRON_RUN_AS_NODE: '1' });
    expect(ended.stderr).toBe('');
    expect(ended.stdout).toBe(`build build\nelectron ${JSON.stringify([root, '--data-dir=/tmp/x'])} unset\n`);
    expect(ended.code).toBe(5);
  });
});
