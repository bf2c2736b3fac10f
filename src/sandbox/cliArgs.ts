/** Flags of `npm run sandbox`, parsed strictly: a typo must fail loudly, not start a default. */
export interface CliOptions {
  port: number;
  seed: number;
  host: string;
  simulate: boolean;
  tickMs: number;
  /** Where the exchange's account state lives across runs; absent = in memory only. */
  stateFile?: string;
}

export type CliParse =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export const CLI_USAGE = [
  'usage: npm run sandbox -- [--port N] [--seed N] [--host ADDR] [--tick-ms N] [--no-simulate] [--state-file PATH]',
  '  --port N        first port (analytics N, clob N+1, catalog N+2, perps N+3); 0 = ephemeral (default 0)',
  '  --seed N        world and simulation seed, 0..4294967295 (default 7)',
  '  --host ADDR     interface to bind (default 127.0.0.1)',
  '  --tick-ms N     simulation step in ms, 10..60000 (default 250)',
  '  --no-simulate   serve a still market (books stay two-sided but do not move)',
  '  --state-file PATH  keep API keys, perps accounts, proxies, salts and referral codes in this',
  '                  file across runs (created with mode 0600; default: in memory only)',
].join('\n');

const STRING_FLAGS: Record<string, 'host' | 'stateFile'> = { '--host': 'host', '--state-file': 'stateFile' };

const INTEGER_FLAGS: Record<string, { key: 'port' | 'seed' | 'tickMs'; min: number; max: number }> = {
  '--port': { key: 'port', min: 0, max: 65_532 },
  '--seed': { key: 'seed', min: 0, max: 0xffff_ffff },
  '--tick-ms': { key: 'tickMs', min: 10, max: 60_000 },
};

export function parseCliArgs(argv: readonly string[]): CliParse {
  const options: CliOptions = { port: 0, seed: 7, host: '127.0.0.1', simulate: true, tickMs: 250 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (flag === '--help' || flag === '-h') return { kind: 'help' };
    if (flag === '--no-simulate' && inline === undefined) {
      options.simulate = false;
      continue;
    }
    const spec = INTEGER_FLAGS[flag];
    const textKey = STRING_FLAGS[flag];
    if (!spec && !textKey) return { kind: 'error', message: `unknown argument ${JSON.stringify(arg)} (see --help)` };
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') return { kind: 'error', message: `${flag} needs a value` };
    if (!spec) {
      options[textKey as 'host' | 'stateFile'] = value;
      continue;
    }
    if (!/^[0-9]{1,10}$/.test(value) || Number(value) < spec.min || Number(value) > spec.max) {
      return { kind: 'error', message: `${flag} must be an integer between ${spec.min} and ${spec.max} (got ${JSON.stringify(value)})` };
    }
    options[spec.key] = Number(value);
  }
  return { kind: 'run', options };
}
