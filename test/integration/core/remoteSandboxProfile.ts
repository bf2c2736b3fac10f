/**
 * A network profile for a sandbox a test started on loopback, so the app treats it as a remote
 * (live) network: a stored profile, not the embedded sandbox. Written into a data folder's
 * settings file before a core or web host starts there.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_PERPS_DOMAIN } from '../../../src/main/core/network';
import { SANDBOX_PERPS_INSTRUMENTS } from '../../../src/sandbox/start';
import type { NetworkProfile } from '../../../src/shared/networkProfiles';
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../../src/shared/orders/orderSchema';
import { SANDBOX_PERPS_WEIGHT_BUDGET } from '../../../src/shared/protocol/perps';

export function remoteSandboxProfile(id: string, label: string, urls: NetworkProfile['urls']): NetworkProfile {
  const { chainId, ...contracts } = PUBLIC_CHAIN_137_CONTRACTS;
  return {
    id,
    label,
    urls: { ...urls },
    chainId,
    contracts,
    perpsDomain: { ...SANDBOX_PERPS_DOMAIN },
    perpsWeightBudget: { ...SANDBOX_PERPS_WEIGHT_BUDGET },
    perpsInstruments: SANDBOX_PERPS_INSTRUMENTS.map(({ id: instrument, symbol }) => ({ id: instrument, symbol })),
    budgetSafetyFactor: 0.9,
  };
}

/** Adds profiles to the settings file of `dataDir` (created when missing), keeping what is there. */
export function addProfilesToSettingsFile(dataDir: string, profiles: NetworkProfile[]): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'settings.json');
  const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const stored = Array.isArray(current.networkProfiles) ? (current.networkProfiles as NetworkProfile[]) : [];
  writeFileSync(file, JSON.stringify({ ...current, networkProfiles: [...stored.filter((p) => !profiles.some((n) => n.id === p.id)), ...profiles] }, null, 2));
}
