/**
 * Pro mode per account per network: the older per-account values become the sandbox's (read and
 * moved on the first write) and never carry over to a live network. Switching confirmations off
 * on a live network is confirmed in main's own surface (test/unit/core/authority/networkGates.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmsOrders, readConfirmMap, setConfirmsOrders } from '../../../../src/main/core/guardrails/proMode';
import { openSettings } from '../../../../src/main/core/settings/settingsStore';

const SANDBOX = { id: 'sandbox', label: 'Sandbox', isSandbox: true };
const LIVE = { id: 'production', label: 'Production', isSandbox: false };
const dirs: string[] = [];

function settingsWith(file: object | null) {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-promode-'));
  dirs.push(dir);
  if (file) writeFileSync(join(dir, 'settings.json'), JSON.stringify(file));
  return { dir, settings: openSettings(dir) };
}
const onDisk = (dir: string) => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('pro mode per network', () => {
  it('reads the older per-account values as the sandbox’s and never as a live network’s', () => {
    const { settings } = settingsWith({ confirmOrdersByAccount: { alpha: false, beta: true } });
    expect(readConfirmMap(settings)).toEqual({ sandbox: { alpha: false, beta: true } });
    expect(confirmsOrders(settings, 'sandbox', 'alpha')).toBe(false);
    expect(confirmsOrders(settings, 'sandbox', 'beta')).toBe(true);
    expect(confirmsOrders(settings, 'production', 'alpha')).toBe(true);
    expect(confirmsOrders(settings, 'sandbox', 'gamma')).toBe(true);
  });

  it('moves the older values into the per-network map on the first write, keeping them', () => {
    const { dir, settings } = settingsWith({ confirmOrdersByAccount: { alpha: false } });
    setConfirmsOrders(settings, SANDBOX, 'beta', false);
    const file = onDisk(dir);
    expect(file.confirmOrdersByNetwork).toEqual({ sandbox: { alpha: false, beta: false } });
    expect(file.confirmOrdersByAccount).toEqual({});
    expect(confirmsOrders(openSettings(dir), 'sandbox', 'alpha')).toBe(false);
  });

  it('lets a value stored per network win over the older one', () => {
    const { settings } = settingsWith({ confirmOrdersByAccount: { alpha: false }, confirmOrdersByNetwork: { sandbox: { alpha: true } } });
    expect(confirmsOrders(settings, 'sandbox', 'alpha')).toBe(true);
  });

  it('keeps pro mode per network: the sandbox’s never reaches a live network', () => {
    const { settings } = settingsWith(null);
    setConfirmsOrders(settings, SANDBOX, 'alpha', false);
    expect(confirmsOrders(settings, 'production', 'alpha')).toBe(true);
    setConfirmsOrders(settings, LIVE, 'alpha', false);
    expect(confirmsOrders(settings, 'production', 'alpha')).toBe(false);
    expect(confirmsOrders(settings, 'production', 'beta')).toBe(true);
    setConfirmsOrders(settings, LIVE, 'alpha', true);
    expect(confirmsOrders(settings, 'production', 'alpha')).toBe(true);
    expect(confirmsOrders(settings, 'sandbox', 'alpha')).toBe(false);
  });

  it('reads a malformed hand-edited map as empty: confirmations on', () => {
    const { settings } = settingsWith({ confirmOrdersByNetwork: { production: { alpha: 'no' } } });
    expect(confirmsOrders(settings, 'production', 'alpha')).toBe(true);
  });
});
