import { parseArgs } from 'node:util';
import { defaultDataDir } from './defaultDataDir';

export interface WebCliOptions {
  port: number;
  open: boolean;
  dataDir: string;
  seed: number | undefined;
  /** The sandbox perps exchange's funding period in seconds (default: the sandbox's hour). */
  fundingIntervalSeconds: number | undefined;
}

export const WEB_USAGE =
  'usage: npm run web -- [--port N] [--no-open] [--data-dir DIR] [--seed N] [--funding-interval SECONDS]';

/** Parses the browser-mode flags; throws an Error whose message names the bad flag. */
export function parseWebCliArgs(argv: string[]): WebCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      'funding-interval': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number, got "${values.seed}"`);
  const funding = values['funding-interval'];
  const fundingIntervalSeconds = funding === undefined ? undefined : Number(funding);
  if (fundingIntervalSeconds !== undefined && !(Number.isInteger(fundingIntervalSeconds) && fundingIntervalSeconds >= 1 && fundingIntervalSeconds <= 604_800)) {
    throw new Error(`--funding-interval must be a whole number of seconds from 1 to 604800, got "${funding}"`);
  }
  if (values['data-dir'] !== undefined && values['data-dir'].trim() === '') throw new Error('--data-dir must not be empty');
  return { port, open: !values['no-open'], dataDir: values['data-dir'] ?? defaultDataDir(), seed, fundingIntervalSeconds };
}
