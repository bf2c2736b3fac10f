import { SANDBOX_PERPS_WEIGHT_BUDGET } from '../shared/protocol/perps';

/** Flags of `npm run sandbox`, parsed strictly: a typo must fail loudly, not start a default. */
export interface CliOptions {
  port: number;
  seed: number;
  host: string;
  simulate: boolean;
  tickMs: number;
  /** Where the exchange's account state lives across runs; absent = in memory only. */
  stateFile?: string;
  /** The perps exchange's knobs (only those set on the command line). */
  perps?: { fundingIntervalMs?: number; weightBudget?: { limit: number; windowMs: number } };
}

export type CliParse =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export const CLI_USAGE = [
  'usage: npm run sandbox -- [--port N] [--seed N] [--host ADDR] [--tick-ms N] [--no-simulate] [--state-file PATH]',
  '                          [--funding-interval SECONDS] [--perps-weight-budget N] [--perps-weight-window SECONDS]',
  '  --port N        first port (analytics N, clob N+1, catalog N+2, perps N+3); 0 = ephemeral (default 0)',
  '  --seed N        world and simulation seed, 0..4294967295 (default 7)',
  '  --host ADDR     interface to bind (default 127.0.0.1)',
  '  --tick-ms N     simulation step in ms, 10..60000 (default 250)',
  '  --no-simulate   serve a still market (books stay two-sided but do not move)',
  '  --state-file PATH  keep API keys, perps accounts, proxies, salts and referral codes in this',
  '                  file across runs (created with mode 0600; default: in memory only)',
  '  --funding-interval SECONDS  perps funding is charged at every multiple of this, 1..604800 (default 3600)',
  '  --perps-weight-budget N     perps request weight allowed per client and window, 1..1000000000 (default 1200)',
  '  --perps-weight-window SECONDS  the weight budget\'s sliding window, 1..86400 (default 60); an app using',
  '                  another budget than the default needs the same one in its network profile',
].join('\n');

const STRING_FLAGS: Record<string, 'host' | 'stateFile'> = { '--host': 'host', '--state-file': 'stateFile' };

type IntegerKey = 'port' | 'seed' | 'tickMs' | 'fundingSeconds' | 'weightLimit' | 'weightWindowSeconds';

const INTEGER_FLAGS: Record<string, { key: IntegerKey; min: number; max: number }> = {
  '--port': { key: 'port', min: 0, max: 65_532 },
  '--seed': { key: 'seed', min: 0, max: 0xffff_ffff },
  '--tick-ms': { key: 'tickMs', min: 10, max: 60_000 },
  '--funding-interval': { key: 'fundingSeconds', min: 1, max: 604_800 },
  '--perps-weight-budget': { key: 'weightLimit', min: 1, max: 1_000_000_000 },
  '--perps-weight-window': { key: 'weightWindowSeconds', min: 1, max: 86_400 },
};



export function parseCliArgs(argv: readonly string[]): CliParse {
  const options: CliOptions = { port: 0, seed: 7, host: '127.0.0.1', simulate: true, tickMs: 250 };
  const perps: Partial<Record<'fundingSeconds' | 'weightLimit' | 'weightWindowSeconds', number>> = {};
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
    if (spec.key === 'port' || spec.key === 'seed' || spec.key === 'tickMs') options[spec.key] = Number(value);
    else perps[spec.key] = Number(value);
  }
  if (perps.fundingSeconds !== undefined) options.perps = { fundingIntervalMs: perps.fundingSeconds * 1000 };
  if (perps.weightLimit !== undefined || perps.weightWindowSeconds !== undefined) {
    // The half a flag leaves out keeps the sandbox's default.
    const limit = perps.weightLimit ?? SANDBOX_PERPS_WEIGHT_BUDGET.limit;
    const windowMs = perps.weightWindowSeconds !== undefined ? perps.weightWindowSeconds * 1000 : SANDBOX_PERPS_WEIGHT_BUDGET.windowMs;
    options.perps = { ...options.perps, weightBudget: { limit, windowMs } };
  }
  return { kind: 'run', options };
}
