/**
 * Resolves once the browser-mode link has left `connecting` (open, so the start-up reads queued
 * on it have gone out; or refused), or after `atMostMs` whatever its state. The renderer's entry
 * waits for this before it evaluates React and the shell: evaluated in the task that made the
 * socket, they held back the socket's `open` event — and with it the reads the server could have
 * been answering meanwhile — for the whole evaluation (the startup bench's trace, decision 50/08).
 */
import type { WebSocketTransport } from './webSocketTransport';

export function linkLeavesConnecting(link: Pick<WebSocketTransport, 'status' | 'onStatusChange'>, atMostMs: number): Promise<void> {
  if (link.status().state !== 'connecting') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    const stop = link.onStatusChange((status) => {
      if (status.state !== 'connecting') done();
    });
  });
}
