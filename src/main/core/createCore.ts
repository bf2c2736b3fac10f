/**
 * The composition root. What lives across network switches is wired once here: the data-folder
 * lock, settings, the event hub, the vault session, the account registry and service, the secret
 * presenter, the shared handlers and the dispatcher. Everything bound to one network is built by
 * its runtime (networks/networkRuntime.ts), which the network switcher replaces without a
 * restart. Transport-agnostic and free of electron: it runs under plain Node.
 */
import { join } from 'node:path';
import { AccountRegistry } from './accounts/accountRegistry';
import { AccountService } from './accounts/accountService';
import { bindIssuedOrigins } from './accounts/bindIssuedOrigins';
import { issuingHosts } from './accounts/issuedOrigin';
import { reconcileAccounts } from './accounts/reconcileAccounts';
import { refusingSecretPresenter } from './accounts/refusingSecretPresenter';
import { VaultSession } from './accounts/vaultSession';
import { createKeyringOsKeyStore } from './custody';
import { createDispatcher } from './bridge/dispatcher';
import { createSharedHandlers } from './bridge/handlers';
import type { Core, CoreOptions } from './coreApi';
import { EventHub } from './eventHub';
import { acquireDataFolderLock } from './dataFolder/dataFolderLock';
import { StorageHealth } from './dataFolder/storageHealth';
import { startupStorageFault } from './dataFolder/storageFaults';
import { createLogger } from './log';
import { currentHandlers } from './networks/currentHandlers';
import { NetworkDirectory } from './networks/networkDirectory';
import { NetworkRuntime, type SharedCoreParts } from './networks/networkRuntime';
import { NetworkSwitcher } from './networks/networkSwitcher';
import { NetworkProfileStore } from './networks/profileStore';
import { NetworkProfilesService } from './networks/profilesService';
import { SANDBOX_NETWORK_ID } from '../../shared/networkProfiles';
import { openSettings } from './settings/settingsStore';
import { wireUpdates } from './updates/wireUpdates';
import { warmOrderSigning } from '../../signing/orderSigning';
import { ConfirmationCenter } from './authority/confirmationCenter';

/** Between networks (a switch or the shutdown): treated as the sandbox, so updates stay off. */
const SANDBOX_PLACEHOLDER_INFO = { id: SANDBOX_NETWORK_ID, label: 'Sandbox', isSandbox: true };

/** Names this process in the data-folder lock, so a refused second one can say who holds it. */
const defaultHostKind = () => (process.versions.electron ? 'desktop app' : 'browser-mode host');

export async function createCore(options: CoreOptions): Promise<Core> {
  try {
    // First, before any file in the folder is read: a second process on this folder would
    // overwrite the vault and the account list this one holds in memory.
    const lock = acquireDataFolderLock(options.dataDir, { hostKind: options.hostKind ?? defaultHostKind() });
    try {
      return await openCore(options, lock.release);
    } catch (error) {
      lock.release();
      throw error;
    }
  } catch (error) {
    // A read-only folder (or a full disk) is said in one line, not as the errno of the first file.
    throw startupStorageFault(error, options.dataDir) ?? error;
  }
}

async function openCore(options: CoreOptions, releaseLock: () => void): Promise<Core> {
  const log = options.log ?? createLogger();
  // The status bar shows a write the data folder refused until one goes through again.
  const storage = new StorageHealth();
  const settings = openSettings(options.dataDir, storage);
  const hub = new EventHub();
  // Issued credentials and proxies shown in the account views are the active network's (the
  // switcher, made below, says which; before it runs, the one the settings name).
  const profileStore = new NetworkProfileStore(settings);
  let activeNetworkId = (): string => profileStore.activeId();
  let liveNetwork = (): NetworkRuntime['network'] | null => null;
  const registry = new AccountRegistry(options.dataDir, () => activeNetworkId(), () => {
    const network = liveNetwork();
    return network ? issuingHosts(network) : null;
  }, storage);
  const directory = new NetworkDirectory(options, settings, options.hostKind ?? defaultHostKind());
  const vaultPath = join(options.dataDir, 'marketdesk.vault');
  // The trading state (heartbeat, confirmations, restrictions) is per account: it follows a switch.
  const accountsChanged = () => {
    hub.emit('accountsChanged', registry.state());
    const trading = switcher.runtime()?.trading;
    if (trading) hub.emit('tradingStateChanged', trading.state());
  };
  const session = new VaultSession({
    path: vaultPath,
    osKeyStore: options.osKeyStore ?? createKeyringOsKeyStore(),
    settings,
    log,
    onChange: () => hub.emit('vaultStateChanged', session.state()),
    ...(options.vaultKdf ? { kdf: options.vaultKdf } : {}),
    ...(options.lockAfterClockGapMs !== undefined ? { lockAfterClockGapMs: options.lockAfterClockGapMs } : {}),
    // Records issued before origins were recorded take their network's current host, once.
    afterUnlock: (vault) => bindIssuedOrigins(vault, registry, (networkId, service) => directory.issuerOf(networkId, service), log),
  });
  await session.start();
  // A key written without its account (a kill between the two writes) is adopted, not lost. The
  // session has read the vault (a vault it cannot read stops the start above).
  reconcileAccounts(registry, session.recordIndex(), log);
  const secretPresenter = options.secretPresenter ?? refusingSecretPresenter;
  session.onLocked(() => secretPresenter.forgetAll?.());
  const accounts = new AccountService({
    registry,
    session,
    presenter: secretPresenter,
    onChange: accountsChanged,
    // The live network's cached credentials of a removed account go with it.
    onRemoved: (accountId) => switcher.runtime()?.clobCredentials.forget(accountId),
    ...(options.keystoreKdf ? { keystoreKdf: options.keystoreKdf } : {}),
  });

  // authority: the page asks, main decides; questions are asked in the host's own surface.
  const confirmations = new ConfirmationCenter({
    surface: options.confirmationSurface ?? null,
    onRequested: (view) => hub.emit('confirmationRequested', view),
    onSettled: (view) => hub.emit('confirmationSettled', view),
    log,
  });
  session.onLocked(() => confirmations.declineAll('The vault locked.'));
  const shared: SharedCoreParts = { options, settings, hub, log, registry, session, accountsChanged, confirmations, storage };
  const switcher = new NetworkSwitcher({
    directory,
    settings,
    registry,
    hub,
    log,
    buildRuntime: (network) => new NetworkRuntime(network, shared),
  });
  activeNetworkId = () => switcher.activeInfo()?.id ?? profileStore.activeId();
  liveNetwork = () => switcher.runtime()?.network ?? null;
  // The accounts as seen on the new network: its credentials and proxies, not the previous one's.
  hub.subscribe((event) => {
    if (event !== 'networkChanged') return;
    accountsChanged();
    // A question asked about the previous network must not be answered for this one.
    confirmations.declineAll('The network changed.');
  });
  try {
    await switcher.start();
  } catch (error) {
    session.stop();
    await switcher.stop();
    throw error;
  }

  // profiles: Settings → Networks edits the profiles the switcher opens.
  const networkProfiles = new NetworkProfilesService({
    store: profileStore,
    onChange: (view) => hub.emit('networkProfilesChanged', view),
    ...(options.saveDialog ? { saveDialog: options.saveDialog } : {}),
  });
  // updater: off in browser mode (no port), on the sandbox network (read at each change: the
  // network can be switched) and without a feed; what rests is read from the current network.
  const updates = wireUpdates({
    port: options.updater,
    settings,
    registry,
    hub,
    log,
    ...(options.loopClock ? { clock: options.loopClock } : {}),
    network: () => switcher.activeInfo() ?? SANDBOX_PLACEHOLDER_INFO,
    trading: () => {
      const runtime = switcher.runtime();
      if (!runtime) throw switcher.unavailableError();
      return runtime.trading;
    },
  });
  const sharedHandlers = createSharedHandlers({
    networkProfiles,
    updates,
    session,
    accounts,
    prefs: { settings, emit: (event, payload) => hub.emit(event, payload) },
    appStatus: () => switcher.appStatus(),
    switcher,
    settings,
    registry,
    confirmations,
    tradingChanged: accountsChanged,
  });
  const dispatch = createDispatcher(
    currentHandlers(sharedHandlers, () => switcher.runtime(), () => switcher.unavailableError()),
    log,
    options.callLimits,
  );
  // libsecp256k1's context (under a millisecond), so the first order is as fast as the rest; the
  // keccak WebAssembly was instantiated when src/signing was imported (top-level await).
  warmOrderSigning();
  updates.start();
  log.info(`core ready on the ${switcher.activeInfo()?.label ?? 'unknown'} network`);

  let stopped = false;
  return {
    dispatch,
    subscribe: (listener) => hub.subscribe(listener),
    disconnect: (caller) => switcher.runtime()?.books.forgetClient(caller.clientId),
    handleSystemEvent: (event) => session.lock(event === 'suspend' ? 'sleep' : 'screen-locked'),
    takeDownload: (token) => switcher.runtime()?.portfolio.downloads.take(token) ?? null,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      updates.stop();
      session.stop();
      try {
        await switcher.stop();
      } finally {
        releaseLock();
      }
    },
  };
}
