import { describe, expect, it } from 'vitest';
import { KdfBusyError, UnlockThrottledError, WrongPasswordError } from '../../../src/main/core/custody/errors';
import { KdfGate, MAX_QUEUED } from '../../../src/main/core/custody/kdfGate';
import { PasswordChecks } from '../../../src/main/core/custody/passwordChecks';
import { caught } from './helpers';

/** A derivation the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PasswordChecks', () => {
  it('counts the attempt before evaluating, and refuses a second check while one is in flight', async () => {
    const gate = new KdfGate();
    const checks = new PasswordChecks({ gate });
    const pending = deferred<boolean | null>();
    let evaluated = 0;
    const first = checks.check(() => {
      evaluated += 1;
      return gate.run(() => pending.promise, 'refuse');
    });
    expect(checks.failures).toBe(1); // counted before the answer is known
    const second = await caught(() => checks.check(async () => ((evaluated += 1), true)));
    expect(second).toBeInstanceOf(UnlockThrottledError);
    expect(checks.retryAfterMs()).toBeGreaterThan(0);
    pending.resolve(null);
    expect(await caught(() => first)).toBeInstanceOf(WrongPasswordError);
    expect(evaluated).toBe(1);
    expect(await checks.check(async () => true)).toBe(true);
    expect(checks.failures).toBe(0);
  });

  it('refuses, uncounted, while another derivation of the process holds the gate', async () => {
    const gate = new KdfGate();
    const checks = new PasswordChecks({ gate });
    const pending = deferred<string>();
    const running = gate.run(() => pending.promise, 'queue');
    expect(await caught(() => checks.check(async () => true))).toMatchObject({ code: 'throttled', retryAfterMs: 1000 });
    expect(checks.failures).toBe(0);
    pending.resolve('done');
    await running;
    expect(await checks.check(async () => true)).toBe(true);
  });
});

describe('KdfGate', () => {
  it('runs one derivation at a time, hands over to the queue in order, and refuses beyond it', async () => {
    const gate = new KdfGate();
    const order: string[] = [];
    const first = deferred<void>();
    const running = gate.run(async () => {
      order.push('first');
      await first.promise;
    }, 'queue');
    const queued = Array.from({ length: MAX_QUEUED }, (_, i) => gate.run(async () => void order.push(`queued ${i}`), 'queue'));
    expect(await caught(() => gate.run(async () => undefined, 'queue'))).toBeInstanceOf(KdfBusyError);
    expect(await caught(() => gate.run(async () => undefined, 'refuse'))).toBeInstanceOf(KdfBusyError);
    first.resolve();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(['first', 'queued 0', 'queued 1']);
    expect(gate.stats()).toEqual({ started: 3, refused: 2, peakInFlight: 1 });
    expect(gate.busy).toBe(false);
  });
});
