/**
 * The vault session as one network runtime sees it: the same session, except that the lock
 * listeners its services register are collected, so stopping the runtime drops them (a switch
 * must not leave the old network's services listening for ever).
 */
import type { VaultSession } from '../accounts/vaultSession';

export function scopedSession(session: VaultSession, detach: Array<() => void>): VaultSession {
  return new Proxy(session, {
    get(target, property) {
      if (property === 'onLocked') {
        return (listener: () => void) => {
          const off = target.onLocked(listener);
          detach.push(off);
          return off;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
