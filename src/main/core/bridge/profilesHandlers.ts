/** Settings → Networks (profiles): thin calls into the network profiles service. */
import type { NetworkProfilesService } from '../networks/profilesService';
import type { BridgeHandlers } from './handlerTypes';

type ProfilesChannels =
  | 'listNetworkProfiles'
  | 'saveNetworkProfile'
  | 'deleteNetworkProfile'
  | 'testNetworkProfile'
  | 'exportNetworkProfiles'
  | 'importNetworkProfiles';

export function createProfilesHandlers(profiles: NetworkProfilesService): Pick<BridgeHandlers, ProfilesChannels> {
  return {
    listNetworkProfiles: async () => profiles.view(),
    saveNetworkProfile: async ({ profile }) => profiles.save(profile),
    deleteNetworkProfile: async ({ id }) => profiles.remove(id),
    testNetworkProfile: async ({ profile }) => profiles.test(profile),
    exportNetworkProfiles: async ({ ids }) => profiles.exportFile(ids),
    importNetworkProfiles: async ({ fileText, replaceExisting }) => profiles.importFile(fileText, replaceExisting),
  };
}
