/**
 * Display: theme, how prices and times read, the time zone and the ticket's starting size, plus
 * fill alerts. Each control saves on change; main refuses a bad value with a sentence, shown
 * under the control, and the screen keeps the saved value.
 */
import { useState, type ReactNode } from 'react';
import type { BridgeError } from '../../../shared/result';
import type { DisplayPrefs } from '../../../shared/prefs';
import { ActionError } from '../../components/ActionError';
import { formatDateTime, formatPrice } from '../../lib/format';
import { selectPrefs, usePrefsStore } from '../../stores/prefsStore';
import { TimeZoneField } from './TimeZoneField';

type Key = keyof DisplayPrefs;

function SettingRow({ id, name, help, children }: { id: string; name: string; help: ReactNode; children: ReactNode }) {
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label className="setting-name" htmlFor={id}>
          {name}
        </label>
        <p className="setting-help">{help}</p>
      </div>
      <div className="setting-control">{children}</div>
    </div>
  );
}

export function DisplaySection() {
  const prefs = usePrefsStore(selectPrefs);
  const [errors, setErrors] = useState<Partial<Record<Key, BridgeError | null>>>({});
  const [size, setSize] = useState<string | null>(null);
  const save = async (key: Key, value: DisplayPrefs[Key]) => {
    const error = await usePrefsStore.getState().save({ [key]: value });
    setErrors((current) => ({ ...current, [key]: error }));
    return error;
  };
  const sample = Date.UTC(2026, 10, 1, 14, 5, 9);

  return (
    <section className="panel settings-section" data-testid="settings-display" aria-labelledby="settings-display-title">
      <header className="panel-header">
        <h2 className="panel-title" id="settings-display-title">
          Display
        </h2>
        <span className="panel-meta">applies at once, on every window</span>
      </header>

      <SettingRow id="pref-theme" name="Theme" help="Light or dark, or follow this computer's setting.">
        <select id="pref-theme" className="select" value={prefs.theme} onChange={(e) => void save('theme', e.target.value as DisplayPrefs['theme'])} data-testid="pref-theme">
          <option value="system">Same as the system</option>
          <option value="dark">Dark</option>
          <option value="light">Light</option>
        </select>
        <ActionError error={errors.theme ?? null} testId="pref-theme-error" />
      </SettingRow>

      <SettingRow id="pref-price" name="Prices" help={<>Shown as {formatPrice('0.555', '0.001')} here. Prices you type in the ticket stay decimal, as the exchange takes them.</>}>
        <select id="pref-price" className="select" value={prefs.priceStyle} onChange={(e) => void save('priceStyle', e.target.value as DisplayPrefs['priceStyle'])} data-testid="pref-price-style">
          <option value="decimal">Decimal (0.55)</option>
          <option value="cents">Cents (55¢)</option>
        </select>
        <ActionError error={errors.priceStyle ?? null} testId="pref-price-style-error" />
      </SettingRow>

      <SettingRow id="pref-clock" name="Clock" help={<>Times read like {formatDateTime(sample)}.</>}>
        <select id="pref-clock" className="select" value={prefs.clock} onChange={(e) => void save('clock', e.target.value as DisplayPrefs['clock'])} data-testid="pref-clock">
          <option value="24h">24-hour (14:05)</option>
          <option value="12h">12-hour (2:05 PM)</option>
        </select>
        <ActionError error={errors.clock ?? null} testId="pref-clock-error" />
      </SettingRow>

      <SettingRow id="pref-zone" name="Time zone" help="Times and dates on screen are shown in this zone.">
        <TimeZoneField id="pref-zone" value={prefs.timeZone} onSave={(zone) => save('timeZone', zone)} />
        <ActionError error={errors.timeZone ?? null} testId="pref-zone-error" />
      </SettingRow>

      <SettingRow id="pref-size" name="Default order size" help="Shares the order ticket starts with. Leave empty to start blank.">
        <form
          className="setting-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save('defaultOrderSize', (size ?? prefs.defaultOrderSize).trim()).then((error) => {
              if (!error) setSize(null);
            });
          }}
        >
          <input
            id="pref-size"
            className="input num"
            inputMode="decimal"
            value={size ?? prefs.defaultOrderSize}
            onChange={(e) => setSize(e.target.value)}
            placeholder="None"
            aria-describedby="pref-size-unit"
            data-testid="pref-default-size"
          />
          <span id="pref-size-unit" className="muted">
            shares
          </span>
          <button type="submit" className="button" disabled={size === null || size === prefs.defaultOrderSize} data-testid="pref-default-size-save">
            Save
          </button>
        </form>
        <ActionError error={errors.defaultOrderSize ?? null} testId="pref-default-size-error" />
      </SettingRow>

      <SettingRow id="pref-fill-alerts" name="Fill notifications" help="Notify me when one of my orders fills (listed under Alerts too).">
        <input
          id="pref-fill-alerts"
          type="checkbox"
          className="checkbox"
          checked={prefs.fillAlerts}
          onChange={(e) => void save('fillAlerts', e.target.checked)}
          data-testid="pref-fill-alerts"
        />
        <ActionError error={errors.fillAlerts ?? null} testId="pref-fill-alerts-error" />
      </SettingRow>
    </section>
  );
}
