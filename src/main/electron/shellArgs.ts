/**
 * Command-line options the desktop shell understands. `npm start` forwards the same argv to the
 * Electron app or to browser mode, so `--data-dir` means the same in both; browser-only flags
 * (`--port`, `--no-open`) are ignored here rather than rejected.
 */
import { resolve } from 'node:path';

export interface ShellArgs {
  /** Absolute directory for settings and the vault, instead of the OS default. */
  dataDir?: string;
}

export function parseShellArgs(argv: readonly string[], cwd: string = process.cwd()): ShellArgs {
  const args: ShellArgs = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    let value: string | undefined;
    if (arg.startsWith('--data-dir=')) value = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir') value = argv[(i += 1)];
    // An empty or flag-looking value is a typo; falling back to the default is safer than
    // writing the vault into a directory named "--no-open".
    if (value !== undefined && value !== '' && !value.startsWith('--')) {
      args.dataDir = resolve(cwd, value);
    }
  }
  return args;
}
