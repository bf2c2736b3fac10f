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

  it.each([
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
