/**
 * Vault security: auto-lock after idle minutes, "remember on this device" (the vault key in the
 * OS keychain, so the next launch unlocks without typing), and lock now. Each control shows its
 * own failure and keeps the saved value until main confirms a new one.
 */
import { useShallow } from 'zustand/react/shallow';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { BlockedNote } from '../../components/BlockedNote';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { formatDuration } from '../../lib/format';

const AUTO_LOCK_CHOICES = [0, 1, 5, 15, 30, 60, 240] as const;

const minutesLabel = (minutes: number): string =>
  minutes === 0 ? 'Never' : `After ${formatDuration(minutes * 60_000)}`;

export function SecuritySection() {
  const { vault, lock } = useVaultStore(useShallow((s) => ({ vault: s.vault, lock: selectLockStatus(s) })));
  const setAutoLock = useBridgeAction(api.setAutoLockMinutes);
  const setRemember = useBridgeAction(api.setRememberOnDevice);
  const lockNow = useBridgeAction(api.lockVault);
  const receive = (result: Awaited<ReturnType<typeof lockNow.run>>) => {
    if (result?.ok) useVaultStore.getState().receive(result.value);
  };
  const unlocked = lock === 'unlocked';
  const minutes = vault?.autoLockMinutes ?? 0;
  // A value set elsewhere (a config file, a later release) still shows rather than snapping to a choice.
  const choices: number[] = AUTO_LOCK_CHOICES.includes(minutes as (typeof AUTO_LOCK_CHOICES)[number]) ? [...AUTO_LOCK_CHOICES] : [...AUTO_LOCK_CHOICES, minutes].sort((a, b) => a - b);
  const device = vault?.deviceUnlock;

  return (
    <section className="panel settings-section" data-testid="settings-security" aria-labelledby="settings-security-title">
      <header className="panel-header">
        <h2 className="panel-title" id="settings-security-title">
          Security
        </h2>
        <span className="panel-meta" data-testid="settings-vault-state">
          {lock === 'none' ? 'no vault yet' : lock === 'unlocked' ? 'vault unlocked' : lock === 'locked' ? 'vault locked' : '…'}
        </span>
      </header>
      {lock === 'none' || lock === 'locked' ? (
        <BlockedNote
          kind={lock === 'none' ? 'no_vault' : 'locked'}
          reason={lock === 'none' ? 'Create the vault to change these settings.' : 'The vault is locked — unlock it to change these settings.'}
          purpose="Unlock the vault to change its security settings."
          testId="settings-blocked"
        />
      ) : null}

      <div className="setting-row">
        <div className="setting-text">
          <label className="setting-name" htmlFor="auto-lock">
            Auto-lock
          </label>
          <p className="setting-help">Lock the vault after this long without keyboard or mouse input in Marketdesk.</p>
        </div>
        <div className="setting-control">
          <select
            id="auto-lock"
            className="select"
            value={minutes}
            disabled={!unlocked || setAutoLock.pending}
            onChange={(event) => void setAutoLock.run({ minutes: Number(event.target.value) }).then(receive)}
            data-testid="settings-auto-lock"
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {minutesLabel(choice)}
              </option>
            ))}
          </select>
          <ActionError error={setAutoLock.error} testId="settings-auto-lock-error" />
        </div>
      </div>

      <div className="setting-row">
        <div className="setting-text">
          <label className="setting-name" htmlFor="remember-device">
            Remember on this device
          </label>
          <p className="setting-help">
            Keep the vault key in the system keychain so Marketdesk unlocks without the password on this computer. Anyone who can use your
            login can then unlock it.
          </p>
          {device?.notice ? (
            <p className="setting-notice" title={device.notice} data-testid="settings-device-notice">
              {device.notice}
            </p>
          ) : null}
        </div>
        <div className="setting-control">
          <label className="switch">
            <input
              id="remember-device"
              type="checkbox"
              role="switch"
              checked={device?.enabled ?? false}
              disabled={!unlocked || !device?.available || setRemember.pending}
              onChange={(event) => void setRemember.run({ enabled: event.target.checked }).then(receive)}
              data-testid="settings-remember-device"
            />
            <span className="switch-track" aria-hidden="true" />
            <span className="switch-text">{device?.enabled ? 'On' : device?.available === false ? 'Unavailable' : 'Off'}</span>
          </label>
          <ActionError error={setRemember.error} testId="settings-remember-error" />
        </div>
      </div>

      <div className="setting-row">
        <div className="setting-text">
          <span className="setting-name">Lock now</span>
          <p className="setting-help">Signing and account changes need the password again. Market data keeps working.</p>
        </div>
        <div className="setting-control">
          <button type="button" className="button" disabled={!unlocked || lockNow.pending} onClick={() => void lockNow.run({}).then(receive)} data-testid="settings-lock-now">
            {lockNow.pending ? 'Locking…' : 'Lock now'}
          </button>
          <ActionError error={lockNow.error} testId="settings-lock-error" />
        </div>
      </div>
    </section>
  );
}
