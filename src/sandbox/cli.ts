/**
 * `npm run sandbox -- --port 0 --seed 7`: serves the sandbox exchange on loopback.
 * Contract with scripts and tests: the FIRST line of stdout is one JSON object with the four
 * base URLs; everything else goes to stderr. Exit codes: 0 after SIGINT/SIGTERM, 1 when the
 * servers cannot start, 2 for bad flags.
 */
import { CLI_USAGE, parseCliArgs } from './cliArgs';
import { startSandbox } from './start';

const log = (line: string) => process.stderr.write(`[sandbox] ${line}\n`);

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stderr.write(`${CLI_USAGE}\n`);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`sandbox: ${parsed.message}\n`);
    process.exitCode = 2;
    return;
  }
  const { options } = parsed;
  // The signal handlers come first: a Ctrl+C while the servers start (or the instant they print
  // their URLs) must stop them cleanly and exit 0, not kill the process with its default action.
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null;
  let signalWhileStarting: NodeJS.Signals | null = null;
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (sandbox === null) {
      signalWhileStarting = signal; // stopped as soon as it has started
      return;
    }
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    // Bounded: if a socket refuses to close, exit anyway rather than hang a test or a terminal.
    setTimeout(() => process.exit(0), 3_000).unref();
    sandbox.stop().then(
      () => {
        log('stopped');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  if (signalWhileStarting !== null) {
    shutdown(signalWhileStarting);
    return;
  }
  const { analytics, clob, catalog, perps } = sandbox.urls;
  process.stdout.write(`${JSON.stringify({ analytics, clob, catalog, perps })}\n`);
  log(`pid ${process.pid}, seed ${sandbox.seed}, simulation ${options.simulate ? `every ${options.tickMs} ms` : 'off'}`);
  log(`analytics ${analytics}  clob ${clob}  catalog ${catalog}  perps ${perps}`);
  if (options.stateFile !== undefined) log(`state file ${options.stateFile}`);
  const { fundingIntervalMs, weightBudget } = options.perps ?? {};
  if (fundingIntervalMs !== undefined) log(`perps funding every ${fundingIntervalMs / 1000} s`);
  if (weightBudget !== undefined) log(`perps weight budget ${weightBudget.limit} per ${weightBudget.windowMs / 1000} s per client`);
}

void main();
