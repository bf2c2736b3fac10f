/**
 * Why an action that signs with the account's key cannot run right now, in words for the UI —
 * or null when it can. Main refuses the same cases; this only saves the user a doomed click.
 */
import type { AccountView } from '../../../shared/custodyViews';
import type { LockStatus } from '../../stores/vaultStore';

export interface SigningBlock {
  kind: 'locked' | 'no_vault' | 'watch_only';
  reason: string;
}

export function signingBlock(account: AccountView | null, lock: LockStatus, what: string): SigningBlock | null {
  if (lock === 'none') return { kind: 'no_vault', reason: `Create the vault first to ${what}.` };
  if (lock !== 'unlocked') return { kind: 'locked', reason: `The vault is locked — unlock it to ${what}.` };
  if (account?.kind === 'watchOnly') {
    return { kind: 'watch_only', reason: `Watch-only account: there is no key here to ${what}.` };
  }
  return null;
}
