/** App updates (updater): thin calls into the update service. */
import type { UpdateService } from '../updates/updateService';
import type { BridgeHandlers } from './handlerTypes';

type UpdateChannels = 'getUpdateState' | 'checkForUpdates' | 'downloadUpdate' | 'cancelUpdateDownload' | 'installUpdate' | 'setUpdateFeed';

export function createUpdateHandlers(updates: UpdateService): Pick<BridgeHandlers, UpdateChannels> {
  return {
    getUpdateState: async () => updates.state(),
    checkForUpdates: async () => updates.checkNow(),
    downloadUpdate: async () => updates.download(),
    cancelUpdateDownload: async () => updates.cancelDownload(),
    installUpdate: async ({ confirmed }) => updates.install(confirmed),
    setUpdateFeed: async ({ url }) => updates.setFeed(url),
  };
}
