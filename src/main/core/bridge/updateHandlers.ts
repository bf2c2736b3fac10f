/**
 * App updates (updater): thin calls into the update service. No channel sets the feed: the
 * renderer is untrusted, and the feed decides what code runs at the next start (decisions:
 * "Releases: updates").
 */
import type { UpdateService } from '../updates/updateService';
import type { BridgeHandlers } from './handlerTypes';

type UpdateChannels = 'getUpdateState' | 'checkForUpdates' | 'downloadUpdate' | 'cancelUpdateDownload' | 'installUpdate';

export function createUpdateHandlers(updates: UpdateService): Pick<BridgeHandlers, UpdateChannels> {
  return {
    getUpdateState: async () => updates.state(),
    checkForUpdates: async () => updates.checkNow(),
    downloadUpdate: async () => updates.download(),
    cancelUpdateDownload: async () => updates.cancelDownload(),
    installUpdate: async ({ confirmed }) => updates.install(confirmed),
  };
}
