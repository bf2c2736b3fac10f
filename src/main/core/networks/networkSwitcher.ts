/**
 * Holds the live network's runtime and moves the core from one network to another without a
 * restart. A switch: check what rests or runs (refused unless confirmed), then — with every
 * network-bound call answered "Switching to …" — open the target (the embedded sandbox starts
 * once and keeps running), take its budget-owner lock, stop the old runtime (polls, heartbeats,
 * jobs, books), build and probe the new one, and only then release the old lock, save the active
 * network and tell the renderers. Anything that fails before that point puts the previous
 * network back as it was: nothing is half-switched.
 */
import type { NetworkChoice, NetworkSwitchPreflight } from '../../../shared/networkSwitchViews';
import type { AppStatus, NetworkInfo } from '../../../shared/viewModels';
import type { AccountRegistry } from '../accounts/accountRegistry';
import { CoreError } from '../coreError';
import type { EventHub } from '../eventHub';
import type { Logger } from '../log';
import type { ActiveNetwork } from '../network';
import type { SettingsStore } from '../settings/settingsStore';
import type { NetworkDirectory } from './networkDirectory';
import type { NetworkRuntime } from './networkRuntime';
import { switchPreflight } from './switchPreflight';
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';

export interface NetworkSwitcherOptions {
  directory: NetworkDirectory;
  settings: SettingsStore;
  registry: AccountRegistry;
  hub: EventHub;
  log: Logger;
  buildRuntime: (network: ActiveNetwork) => NetworkRuntime;
  /** How long the new network's order book gets to answer before the switch is undone (default 10 s). */
  probeTimeoutMs?: number;
}

interface Live {
  runtime: NetworkRuntime;
  releaseLock: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'unknown error');

export class NetworkSwitcher {
  private live: Live | null = null;
  /** The network a switch is moving to, while it runs. */
  private switchingTo: NetworkInfo | null = null;
  private stopped = false;
  private startNotice: string | null = null;

  constructor(private readonly options: NetworkSwitcherOptions) {}

  /**
   * Opens the saved network. A saved live profile that cannot be opened (another Marketdesk owns
   * its budgets, or it no longer parses) must not keep the app, and the keys in it, from starting:
   * the sandbox opens instead and the title bar says why. The saved choice stays, so the next
   * start tries it again. A network given by the caller (tests) fails the start as before.
   */
  async start(): Promise<void> {
    const { directory, log } = this.options;
    const wanted = directory.initialId();
    try {
      this.live = await this.openLive(wanted);
    } catch (error) {
      if (wanted === SANDBOX_NETWORK_ID || !directory.isPersistable(wanted)) throw error;
      const label = directory.profiles.get(wanted)?.label ?? wanted;
      log.warn(`the ${label} network could not be opened at start; opening the sandbox instead`);
      this.live = await this.openLive(SANDBOX_NETWORK_ID);
      this.startNotice = `${label} could not be opened when Marketdesk started (${errorText(error)}) — you are on the Sandbox. Pick ${label} here to try again.`;
    }
  }

  private async openLive(id: string): Promise<Live> {
    const { directory } = this.options;
    const network = await directory.open(id);
    const releaseLock = directory.lockBudgets(network);
    try {
      return { runtime: this.launch(network), releaseLock };
    } catch (error) {
      releaseLock();
      throw error;
    }
  }

  /** The live runtime; null while a switch runs (or after stop). */
  runtime(): NetworkRuntime | null {
    return this.switchingTo ? null : (this.live?.runtime ?? null);
  }

  /** Why network-bound calls are refused now (a switch running, or the core stopped). */
  unavailableError(): CoreError {
    if (this.switchingTo) return new CoreError('unavailable', `Switching to ${this.switchingTo.label}… Try again in a moment.`, { retryable: true });
    return new CoreError('unavailable', 'No network is open: the app is shutting down.', { retryable: false });
  }

  activeInfo(): NetworkInfo | null {
    return this.live?.runtime.network.info ?? null;
  }

  appStatus(): AppStatus {
    const live = this.live;
    if (!live) throw this.unavailableError();
    const status = live.runtime.appStatus();
    if (!this.switchingTo) return status;
    return { ...status, connection: 'connecting', connectionProblem: `Switching to ${this.switchingTo.label}…`, outages: [] };
  }

  choices(): NetworkChoice[] {
    const choices = this.options.directory.choices(this.activeInfo()?.id ?? '');
    const notice = this.startNotice;
    return notice ? choices.map((choice) => (choice.active ? { ...choice, notice } : choice)) : choices;
  }

  preflight(networkId: string): NetworkSwitchPreflight {
    const live = this.requireIdle();
    const to = this.options.directory.describe(networkId);
    return switchPreflight(live.runtime.network.info, to, this.options.registry, live.runtime.trading);
  }

  async switchTo(networkId: string, confirmed: boolean): Promise<NetworkInfo> {
    const live = this.requireIdle();
    const { directory, log } = this.options;
    const from = live.runtime.network.info;
    const to = directory.describe(networkId);
    if (to.id === from.id) return from;
    const before = switchPreflight(from, to, this.options.registry, live.runtime.trading);
    if (before.needsConfirmation && !confirmed) {
      throw new CoreError('conflict', `Switching to ${to.label} stops what runs on ${from.label} (${summary(before)}). Confirm the switch to go ahead.`);
    }
    this.switchingTo = to;
    this.publishStatus(live.runtime);
    let arrived: Live;
    try {
      const network = await this.openTarget(to);
      const releaseTargetLock = this.lockTarget(network);
      await live.runtime.stop();
      let next: NetworkRuntime;
      try {
        next = this.launch(network);
        await this.probe(next);
      } catch (error) {
        releaseTargetLock();
        await this.restore(live, from);
        throw new CoreError('unavailable', `Could not open ${to.label}: ${errorText(error)} Still on ${from.label}.`, { retryable: true, cause: error });
      }
      live.releaseLock();
      arrived = { runtime: next, releaseLock: releaseTargetLock };
      this.live = arrived;
      this.startNotice = null;
      if (directory.isPersistable(to.id)) this.remember(to.id);
      log.info(`switched from the ${from.label} network to ${to.label}`);
    } finally {
      this.switchingTo = null;
    }
    const info = arrived.runtime.network.info;
    this.options.hub.emit('networkChanged', info);
    this.publishStatus(arrived.runtime);
    return info;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const live = this.live;
    this.live = null;
    try {
      await live?.runtime.stop();
      await live?.runtime.network.stop();
    } finally {
      live?.releaseLock();
      await this.options.directory.stop();
    }
  }

  /**
   * The switch has happened: a disk that refuses to remember it (full, read-only) does not undo
   * it. The next start opens the network remembered before; the status bar shows the refusal.
   */
  private remember(networkId: string): void {
    try {
      this.options.directory.profiles.setActive(networkId);
    } catch (error) {
      if (!(error instanceof CoreError && error.code === 'storage')) throw error;
      this.options.log.warn(`network switch: ${error.message}`);
    }
  }

  private requireIdle(): Live {
    if (this.switchingTo || !this.live) throw this.unavailableError();
    return this.live;
  }

  private launch(network: ActiveNetwork): NetworkRuntime {
    const runtime = this.options.buildRuntime(network);
    runtime.start();
    return runtime;
  }

  private async openTarget(to: NetworkInfo): Promise<ActiveNetwork> {
    try {
      return await this.options.directory.open(to.id);
    } catch (error) {
      throw new CoreError('unavailable', `Could not open ${to.label}: ${errorText(error)}`, { retryable: true, cause: error });
    }
  }

  private lockTarget(network: ActiveNetwork): () => void {
    try {
      return this.options.directory.lockBudgets(network);
    } catch (error) {
      throw new CoreError('conflict', errorText(error), { cause: error });
    }
  }

  /** The new network's order book must answer before the old one is let go. */
  private async probe(runtime: NetworkRuntime): Promise<void> {
    try {
      await runtime.http.requestJson({ service: 'clob', method: 'GET', path: '/time', timeoutMs: this.options.probeTimeoutMs ?? 10_000 });
    } catch (error) {
      await runtime.stop();
      throw error;
    }
  }

  /** Puts the previous network back after a failed switch (its budget lock was never released). */
  private async restore(previous: Live, info: NetworkInfo): Promise<void> {
    try {
      this.live = { runtime: this.launch(previous.runtime.network), releaseLock: previous.releaseLock };
    } catch (error) {
      this.live = null;
      previous.releaseLock();
      this.options.log.error(`reopening the ${info.label} network after a failed switch failed`, error);
      throw new CoreError('internal', `The switch failed and ${info.label} could not be reopened: restart the app.`, { cause: error });
    }
  }

  private publishStatus(runtime: NetworkRuntime): void {
    this.options.hub.emit('appStatusChanged', this.switchingTo ? this.appStatus() : runtime.appStatus());
  }
}

/** "2 open orders, heartbeats of 1 account, 1 job" for the refusal. */
function summary(preflight: NetworkSwitchPreflight): string {
  const orders = preflight.accounts.reduce((sum, account) => sum + account.openOrders, 0);
  const parts: string[] = [];
  if (orders > 0) parts.push(`${orders} open order${orders === 1 ? '' : 's'}`);
  if (preflight.heartbeats.length > 0) parts.push(`heartbeats of ${preflight.heartbeats.length} account${preflight.heartbeats.length === 1 ? '' : 's'}`);
  if (preflight.jobs.length > 0) parts.push(`${preflight.jobs.length} running job${preflight.jobs.length === 1 ? '' : 's'}`);
  return parts.join(', ');
}
