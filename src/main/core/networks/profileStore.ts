/**
 * The user's network profiles and which network is active, kept in the settings file. The
 * embedded sandbox is not stored: it is always there (SANDBOX_NETWORK_ID) and its service URLs
 * exist only once it runs. A settings file from before profiles (`network: 'custom'` with one
 * `customNetwork`) is carried over once, as a profile with the id `custom`.
 */
import { CoreError } from '../coreError';
import { SANDBOX_NETWORK_ID, networkProfileSchema, type NetworkProfile } from '../../../shared/networkProfiles';
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../../shared/orders/orderSchema';
import { customNetworkSchema, type SettingsStore } from '../settings/settingsStore';

/** The legacy single custom network, as a profile (its contracts were always chain 137's). */
function profileFromLegacy(value: unknown): NetworkProfile | null {
  const legacy = customNetworkSchema.safeParse(value);
  if (!legacy.success) return null;
  const { label, chainId, perpsDomain, perpsWeightBudget, perpsInstruments, ...urls } = legacy.data;
  const { chainId: _chain, ...contracts } = PUBLIC_CHAIN_137_CONTRACTS;
  const profile = networkProfileSchema.safeParse({
    id: 'custom', label, urls, chainId, contracts, perpsDomain: perpsDomain ?? null, perpsWeightBudget, perpsInstruments, budgetSafetyFactor: 0.9,
  });
  return profile.success ? profile.data : null;
}

export class NetworkProfileStore {
  constructor(private readonly settings: SettingsStore) {
    this.carryOverLegacy();
  }

  /** The user's profiles in the order they were added (the sandbox is not among them). */
  userProfiles(): NetworkProfile[] {
    return this.settings.get('networkProfiles');
  }

  get(id: string): NetworkProfile | null {
    return this.userProfiles().find((profile) => profile.id === id) ?? null;
  }

  /** The active network's id; a profile that no longer exists falls back to the sandbox. */
  activeId(): string {
    const id = this.settings.get('activeNetworkId');
    return id === SANDBOX_NETWORK_ID || this.get(id) ? id : SANDBOX_NETWORK_ID;
  }

  setActive(id: string): void {
    if (id !== SANDBOX_NETWORK_ID && !this.get(id)) throw new CoreError('not_found', `There is no network profile "${id}".`);
    this.settings.set('activeNetworkId', id);
  }

  /** Adds a profile, or replaces the one with the same id. */
  save(profile: NetworkProfile): void {
    if (profile.id === SANDBOX_NETWORK_ID) throw new CoreError('invalid_input', 'The id "sandbox" belongs to the embedded sandbox.');
    const parsed = networkProfileSchema.parse(profile);
    const others = this.userProfiles();
    const at = others.findIndex((p) => p.id === parsed.id);
    this.settings.set('networkProfiles', at < 0 ? [...others, parsed] : others.map((p, i) => (i === at ? parsed : p)));
  }

  /** Adds or replaces several profiles in one settings write: an import lands whole or not at all. */
  saveAll(profiles: readonly NetworkProfile[]): void {
    if (profiles.some((profile) => profile.id === SANDBOX_NETWORK_ID)) {
      throw new CoreError('invalid_input', 'The id "sandbox" belongs to the embedded sandbox.');
    }
    const parsed = profiles.map((profile) => networkProfileSchema.parse(profile));
    const incoming = new Map(parsed.map((profile) => [profile.id, profile]));
    const kept = this.userProfiles().map((profile) => incoming.get(profile.id) ?? profile);
    const added = parsed.filter((profile) => !this.get(profile.id));
    this.settings.set('networkProfiles', [...kept, ...added]);
  }

  remove(id: string): void {
    if (id === this.activeId()) throw new CoreError('conflict', 'The active network cannot be deleted; switch to another first.');
    this.settings.set('networkProfiles', this.userProfiles().filter((p) => p.id !== id));
  }

  private carryOverLegacy(): void {
    const legacyNetwork = this.settings.get('network');
    const legacy = this.settings.get('customNetwork');
    if (legacy === null) return;
    const profile = profileFromLegacy(legacy);
    if (profile && !this.get(profile.id)) this.settings.set('networkProfiles', [...this.userProfiles(), profile]);
    if (profile && legacyNetwork === 'custom') this.settings.set('activeNetworkId', profile.id);
    this.settings.set('customNetwork', null);
    this.settings.set('network', 'sandbox');
  }
}
