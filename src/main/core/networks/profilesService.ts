/**
 * Settings → Networks in the core: lists, saves and deletes profiles, tests a profile's
 * connection, and exports and imports profile files. Every change is announced
 * (`networkProfilesChanged`) so each window's list follows. The active profile is not edited or
 * replaced while it runs: a running network keeps the URLs and budgets it started with.
 */
import {
  networkProfilesFileSchema,
  SANDBOX_NETWORK_ID,
  type ConnectionTestReport,
  type NetworkProfile,
  type NetworkProfilesExport,
  type NetworkProfilesImportResult,
  type NetworkProfilesView,
} from '../../../shared/networkProfiles';
import { CoreError } from '../coreError';
import { writeFileAtomic } from '../custody/atomicWrite';
import type { SaveDialogPort } from '../portfolio/fileExport';
import { testConnection, type ConnectionTestOptions } from './connectionTest';
import { decideImport, type ImportDecision } from './profileImport';
import type { NetworkProfileStore } from './profileStore';

export interface NetworkProfilesServiceOptions {
  store: NetworkProfileStore;
  onChange: (view: NetworkProfilesView) => void;
  /** For tests: fetch, clock and timeout of the connection test. */
  connectionTest?: ConnectionTestOptions;
  /** The export's file name date (unix ms). */
  now?: () => number;
  /** Desktop: where to save an export (the page cannot download there); absent in browser mode. */
  saveDialog?: SaveDialogPort;
}

export class NetworkProfilesService {
  private testRunning = false;

  constructor(private readonly options: NetworkProfilesServiceOptions) {}

  view(): NetworkProfilesView {
    const { store } = this.options;
    return { activeId: store.activeId(), sandbox: { id: SANDBOX_NETWORK_ID, label: 'Sandbox' }, profiles: store.userProfiles() };
  }

  save(profile: NetworkProfile): NetworkProfilesView {
    const { store } = this.options;
    if (profile.id === store.activeId()) {
      throw new CoreError('conflict', `"${profile.label}" is the active network; switch to another network before editing it. Nothing was saved.`);
    }
    store.save(profile);
    return this.changed();
  }

  remove(id: string): NetworkProfilesView {
    const { store } = this.options;
    if (id === SANDBOX_NETWORK_ID) throw new CoreError('invalid_input', 'The embedded sandbox is always there; it cannot be deleted.');
    if (!store.get(id)) throw new CoreError('not_found', `There is no network profile "${id}".`);
    store.remove(id);
    return this.changed();
  }

  /** One test at a time: a second click while one runs is refused, not queued. */
  async test(profile: NetworkProfile): Promise<ConnectionTestReport> {
    if (this.testRunning) throw new CoreError('conflict', 'A connection test is already running; wait for its results.', { retryable: true });
    this.testRunning = true;
    try {
      return await testConnection(profile, this.options.connectionTest);
    } finally {
      this.testRunning = false;
    }
  }

  async exportFile(ids: readonly string[] | undefined): Promise<NetworkProfilesExport> {
    const all = this.options.store.userProfiles();
    const unknown = (ids ?? []).filter((id) => !all.some((profile) => profile.id === id));
    if (unknown.length > 0) throw new CoreError('not_found', `There is no network profile ${unknown.map((id) => `"${id}"`).join(', ')}; nothing was exported.`);
    const profiles = ids ? all.filter((profile) => ids.includes(profile.id)) : all;
    if (profiles.length === 0) throw new CoreError('invalid_input', 'There are no network profiles to export (the sandbox is built in).');
    const file = networkProfilesFileSchema.parse({ format: 'marketdesk-network-profiles', version: 1, profiles });
    const day = new Date((this.options.now ?? Date.now)()).toISOString().slice(0, 10);
    const fileName = `marketdesk-networks-${day}.json`;
    const text = `${JSON.stringify(file, null, 2)}\n`;
    const { saveDialog } = this.options;
    if (!saveDialog) return { fileName, text, savedTo: null, count: profiles.length };
    const path = await saveDialog({ suggestedName: fileName, format: 'json' });
    if (path === null) throw new CoreError('cancelled', 'The export was cancelled in the save dialog; nothing was written.');
    await writeFileAtomic(path, text, { keepBackup: false });
    return { fileName, text: null, savedTo: path, count: profiles.length };
  }

  /** One stored profile (null for the sandbox or an unknown id). */
  get(id: string): NetworkProfile | null {
    return this.options.store.get(id) ?? null;
  }

  /** What an import of this file would write or refuse, writing nothing (main's question shows it first). */
  planImport(fileText: string, replaceExisting: boolean): ImportDecision {
    const { store } = this.options;
    return decideImport(fileText, {
      existingIds: new Set(store.userProfiles().map((profile) => profile.id)),
      activeId: store.activeId(),
      replaceExisting,
    });
  }

  importFile(fileText: string, replaceExisting: boolean): NetworkProfilesImportResult {
    const { store } = this.options;
    const decision = this.planImport(fileText, replaceExisting);
    if (decision.fileProblem || decision.refused.length > 0) {
      return { imported: [], refused: decision.refused, fileProblem: decision.fileProblem, view: this.view() };
    }
    store.saveAll(decision.accepted);
    return { imported: decision.accepted.map((profile) => profile.id), refused: [], fileProblem: null, view: this.changed() };
  }

  private changed(): NetworkProfilesView {
    const view = this.view();
    this.options.onChange(view);
    return view;
  }
}
