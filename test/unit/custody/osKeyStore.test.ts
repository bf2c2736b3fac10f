import { describe, expect, it } from 'vitest';
import { OsKeyStoreUnavailableError } from '../../../src/main/core/custody/errors';
import { createKeyringOsKeyStore, describeKeyringFailure } from '../../../src/main/core/custody/osKeyStore';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody/osKeyStorePort';
import { caught } from './helpers';

// The real keychain is exercised in test/integration/custody/keychain.test.ts; these cover the
// failure paths with a substituted native module.
type KeyringModule = NonNullable<Parameters<typeof createKeyringOsKeyStore>[0]>['loadKeyring'];

const failingModule = (message: string): KeyringModule => async () =>
  ({
    AsyncEntry: class {
      constructor() {
        throw new Error(message);
      }
    },
  }) as never;

describe('keyring OsKeyStore failure reasons', () => {
  it('available() answers with one line instead of throwing', async () => {
    const cases: Array<[string, RegExp]> = [
      ['Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled', /^This computer has no keychain service running \(GNOME Keyring or KWallet\)\.$/],
      ["Couldn't access platform storage: Secret Service: unlock prompt was dismissed", /locked, and its unlock prompt was closed/],
      ['The collection is locked', /^The system keychain is locked\. Unlock it/],
      ['Access denied\nsecond line', /^Marketdesk was not allowed to use the system keychain\.$/],
      ['something odd\nwith detail', /^The system keychain could not be used on this computer\.$/],
    ];
    for (const [message, reason] of cases) {
      const store = createKeyringOsKeyStore({ loadKeyring: failingModule(message) });
      const result = await store.available();
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toMatch(reason);
        expect(result.reason).not.toContain('\n');
        // Native prose (D-Bus errors, module paths) is recognised, never shown.
        expect(result.reason).not.toContain(message.split('\n')[0]!.slice(0, 12));
      }
    }
  });

  it('a missing native module is "unavailable", not a crash', async () => {
    const store = createKeyringOsKeyStore({ loadKeyring: () => Promise.reject(new Error('Cannot find module keyring.node')) });
    expect(await store.available()).toEqual({ ok: false, reason: 'The system keychain could not be used on this computer.' });
    expect(await caught(() => store.get('id'))).toBeInstanceOf(OsKeyStoreUnavailableError);
  });

  it('a keychain that never answers times out', async () => {
    const hanging: KeyringModule = async () =>
      ({ AsyncEntry: class { setSecret = () => new Promise(() => {}); } }) as never;
    const store = createKeyringOsKeyStore({ loadKeyring: hanging, timeoutMs: 50 });
    expect(await store.available()).toEqual({ ok: false, reason: expect.stringMatching(/did not answer within 1 s/) });
    expect(describeKeyringFailure(new Error('x'), 5000)).toBe('The system keychain could not be used on this computer.');
  });
});

describe('memory OsKeyStore', () => {
  it('stores copies and reports unavailability', async () => {
    const store = createMemoryOsKeyStore();
    const secret = Uint8Array.of(1, 2, 3);
    await store.put('v', secret);
    secret.fill(0);
    expect([...((await store.get('v')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.delete('v')).toBe(true);
    expect(await store.delete('v')).toBe(false);
    store.setUnavailable('locked');
    expect(await store.available()).toEqual({ ok: false, reason: 'locked' });
  });
});
