/** The sentences the core says about updates: why they are off, and an updater error made short and safe. */
import type { UpdatesOffReason } from '../../../shared/updates';

const OFF_SENTENCES: Record<UpdatesOffReason, string> = {
  'browser-mode': 'Updates are off in browser mode: the desktop app updates itself, a browser tab has nothing to install.',
  'not-packaged': 'Updates are off in a development run: only an installed copy of Marketdesk can update itself.',
  'sandbox-network': 'Updates are off while the Sandbox network is active: switch to another network to check for updates.',
  'no-feed': 'Updates are off: no update feed is set. Enter one in Settings → Updates.',
  'unverifiable': 'Updates are off: this copy is not code-signed, so a downloaded update could not be verified. Install new versions by hand.',
};

export const offReasonSentence = (reason: UpdatesOffReason): string => OFF_SENTENCES[reason];

/**
 * electron-updater's errors carry stack traces, response bodies and local paths on later lines:
 * only the first line is kept, bounded, so the status and the log stay readable.
 */
export function updaterErrorSentence(message: string): string {
  const first = message.split('\n', 1)[0]!.trim();
  const bounded = first.length > 300 ? `${first.slice(0, 297)}…` : first;
  return bounded || 'the updater failed without saying why';
}
