/**
 * Which networks exist and how each one is opened: the embedded sandbox (started once, kept
 * running across switches), the user's profiles (NetworkProfileStore), and the transient network
 * a test hands in with CoreOptions.serviceUrls. A network that is not a sandbox takes this
 * user's budget-owner lock while it is the live one.
 */
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import { EMBEDDED_SANDBOX_ISSUER } from '../../../shared/issuedOrigin';
import { issuerOf, type IssuingService } from '../accounts/issuedOrigin';
import type { NetworkChoice } from '../../../shared/networkSwitchViews';
import type { NetworkInfo } from '../../../shared/viewModels';
import type { CoreOptions } from '../coreApi';
import { CoreError } from '../coreError';
import { EmbeddedSandbox, networkFromProfile, networkFromServiceUrls, type ActiveNetwork } from '../network';
import { acquireBudgetOwnerLock, defaultBudgetLockRoot } from '../net/budgetOwnerLock';
import type { SettingsStore } from '../settings/settingsStore';
import { NetworkProfileStore } from './profileStore';

export class NetworkDirectory {
  readonly profiles: NetworkProfileStore;
  private readonly sandbox: EmbeddedSandbox;
  /** The network handed in with serviceUrls (tests): never stored, never persisted as active. */
  private readonly transient: ActiveNetwork | null;

  constructor(
    private readonly options: CoreOptions,
    settings: SettingsStore,
    private readonly hostKind: string,
  ) {
    this.profiles = new NetworkProfileStore(settings);
    this.sandbox = new EmbeddedSandbox(options, settings);
    this.transient = options.serviceUrls ? networkFromServiceUrls({ ...options, serviceUrls: options.serviceUrls }) : null;
  }

  /** The network to open at start: the transient one when given, else the saved active network. */
  initialId(): string {
    return this.transient?.info.id ?? this.profiles.activeId();
  }

  /** Persisted as the active network (the transient test network is not: it exists only in this process). */
  isPersistable(id: string): boolean {
    return !this.transient || id !== this.transient.info.id || id === SANDBOX_NETWORK_ID;
  }

  /** What the title bar offers: the sandbox (or the test's stand-in), the transient network, then the profiles. */
  choices(activeId: string): NetworkChoice[] {
    const infos: NetworkInfo[] = [];
    if (this.transient?.info.id === SANDBOX_NETWORK_ID) infos.push(this.transient.info);
    else infos.push({ id: SANDBOX_NETWORK_ID, label: 'Sandbox', isSandbox: true });
    if (this.transient && this.transient.info.id !== SANDBOX_NETWORK_ID) infos.push(this.transient.info);
    for (const profile of this.profiles.userProfiles()) {
      if (!infos.some((info) => info.id === profile.id)) infos.push(networkFromProfile(profile).info);
    }
    return infos.map((info) => ({ ...info, active: info.id === activeId }));
  }

  /** The network's name and kind, without opening it; a clear error for an unknown id. */
  describe(id: string): NetworkInfo {
    const choice = this.choices('').find((c) => c.id === id);
    if (!choice) throw new CoreError('not_found', `There is no network "${id}": add it under Settings → Networks first.`);
    const { active: _active, ...info } = choice;
    return info;
  }

  /**
   * What a network's `service` binds credentials and proxies to as its profile is now, without
   * opening it (the embedded sandbox: by its id, its port changes every run); null for a network
   * that no longer exists. For records issued before origins were recorded (bindIssuedOrigins.ts).
   */
  issuerOf(id: string, service: IssuingService): string | null {
    if (this.transient && this.transient.info.id === id) return issuerOf(this.transient, service);
    if (id === SANDBOX_NETWORK_ID) return EMBEDDED_SANDBOX_ISSUER;
    const profile = this.profiles.get(id);
    return profile ? issuerOf(networkFromProfile(profile), service) : null;
  }

  /** Opens the network: starts the embedded sandbox the first time, otherwise nothing to start. */
  async open(id: string): Promise<ActiveNetwork> {
    if (this.transient && this.transient.info.id === id) return this.transient;
    if (id === SANDBOX_NETWORK_ID) return this.sandbox.open();
    const profile = this.profiles.get(id);
    if (!profile) throw new CoreError('not_found', `There is no network "${id}": add it under Settings → Networks first.`);
    return networkFromProfile(profile);
  }

  /**
   * A real network's budgets belong to one process per user (the edge counts per IP). A sandbox
   * (the embedded one, or one a test started) is a local instrument: no lock.
   */
  lockBudgets(network: ActiveNetwork): () => void {
    if (network.info.isSandbox) return () => {};
    const lock = acquireBudgetOwnerLock(network.urls, {
      root: this.options.budgetLockDir ?? defaultBudgetLockRoot(),
      hostKind: this.hostKind,
      networkLabel: network.info.label,
    });
    return lock.release;
  }

  /** At core stop: the embedded sandbox ends with the core. */
  async stop(): Promise<void> {
    await this.sandbox.stop();
  }
}
