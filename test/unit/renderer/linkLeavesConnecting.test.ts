import { describe, expect, it } from 'vitest';
import { linkLeavesConnecting } from '../../../src/renderer/bridge/linkLeavesConnecting';
import type { LinkState, LinkStatus } from '../../../src/renderer/bridge/webSocketTransport';

/** A link whose state the test moves, with the transport's listener contract. */
function linkIn(state: LinkState) {
  let status: LinkStatus = { state, attempt: 0, nextAttemptAt: null };
  const listeners = new Set<(s: LinkStatus) => void>();
  return {
    status: () => status,
    onStatusChange(listener: (s: LinkStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    move(next: LinkState) {
      status = { state: next, attempt: 0, nextAttemptAt: null };
      for (const listener of [...listeners]) listener(status);
    },
    listening: () => listeners.size,
  };
}

const settledWithin = async (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('linkLeavesConnecting', () => {
  it('resolves at once for a link that is already open or refused', async () => {
    expect(await settledWithin(linkLeavesConnecting(linkIn('open'), 10_000), 20)).toBe(true);
    expect(await settledWithin(linkLeavesConnecting(linkIn('refused'), 10_000), 20)).toBe(true);
  });

  it('waits while connecting, resolves when the link opens, and stops listening', async () => {
    const link = linkIn('connecting');
    const waiting = linkLeavesConnecting(link, 10_000);
    expect(await settledWithin(waiting, 30)).toBe(false);
    link.move('open');
    expect(await settledWithin(waiting, 20)).toBe(true);
    expect(link.listening()).toBe(0);
  });

  it('resolves when the link is refused, and after the wait when it never leaves connecting', async () => {
    const refused = linkIn('connecting');
    const onRefusal = linkLeavesConnecting(refused, 10_000);
    refused.move('refused');
    expect(await settledWithin(onRefusal, 20)).toBe(true);

    const stuck = linkIn('connecting');
    const started = Date.now();
    await linkLeavesConnecting(stuck, 40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(stuck.listening()).toBe(0);
  });
});
