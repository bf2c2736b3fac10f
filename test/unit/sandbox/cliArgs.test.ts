import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/sandbox/cliArgs';

describe('sandbox CLI flags', () => {
  it('defaults to ephemeral ports, seed 7, loopback and a running simulation', () => {
    expect(parseCliArgs([])).toEqual({
      kind: 'run',
      options: { port: 0, seed: 7, host: '127.0.0.1', simulate: true, tickMs: 250 },
    });
  });

  it('reads flags in both "--flag value" and "--flag=value" forms', () => {
    expect(parseCliArgs(['--port', '4100', '--seed=42', '--tick-ms', '100', '--no-simulate', '--host=::1'])).toEqual({
      kind: 'run',
      options: { port: 4100, seed: 42, host: '::1', simulate: false, tickMs: 100 },
    });
    expect(parseCliArgs(['--help']).kind).toBe('help');
  });

  it('passes the perps knobs on only when set, keeping the default for the half of the budget left out', () => {
    const funding = parseCliArgs(['--funding-interval', '5']);
    expect(funding).toEqual({ kind: 'run', options: expect.objectContaining({ perps: { fundingIntervalMs: 5_000 } }) });
    expect(parseCliArgs(['--perps-weight-budget=300'])).toEqual({
      kind: 'run',
      options: expect.objectContaining({ perps: { weightBudget: { limit: 300, windowMs: 60_000 } } }),
    });
    expect(parseCliArgs(['--perps-weight-window', '10', '--funding-interval', '60'])).toEqual({
      kind: 'run',
      options: expect.objectContaining({ perps: { fundingIntervalMs: 60_000, weightBudget: { limit: 1200, windowMs: 10_000 } } }),
    });
  });

  it.each([
    [['--funding-interval', '0'], '--funding-interval must be an integer between 1 and 604800'],
    [['--funding-interval', '2.5'], '--funding-interval must be an integer'],
    [['--perps-weight-budget', '0'], '--perps-weight-budget must be an integer between 1'],
    [['--perps-weight-window', '86401'], '--perps-weight-window must be an integer between 1 and 86400'],
    [['--port'], '--port needs a value'],
    [['--port', '-1'], '--port must be an integer between 0 and 65532'],
    [['--port', '65533'], '--port must be an integer'],
    [['--seed', '1.5'], '--seed must be an integer'],
    [['--seed', '4294967296'], '--seed must be an integer'],
    [['--tick-ms', '5'], '--tick-ms must be an integer between 10'],
    [['--prot', '1'], 'unknown argument "--prot"'],
    [['--no-simulate=yes'], 'unknown argument'],
    [['7'], 'unknown argument "7"'],
  ])('refuses %j with a clear message', (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});
