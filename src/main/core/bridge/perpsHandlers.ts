/**
 * Handlers of the perpetuals channels. TEMPORARY: every channel answers "not built yet" until the
 * perps desk (src/main/core/perps/) replaces this file with thin calls into it.
 */
import { CoreError } from '../coreError';
import type { BridgeHandlers } from './handlerTypes';

export type PerpsChannels =
  | 'getPerpsInfo' | 'listPerpsAccounts' | 'rotatePerpsProxy' | 'previewPerpsTransfer' | 'sendPerpsTransfer'
  | 'syncPerpsHistory' | 'queryPerpsTransfers' | 'exportPerpsTransfers' | 'queryPerpsFunding' | 'getPerpsEquity'
  | 'listPerpsTrades' | 'getPerpsReferral' | 'createPerpsInvite' | 'applyPerpsReferralCode'
  | 'requestSandboxPerpsFunds' | 'setSandboxPerpsPosition';

const notBuiltYet = async (): Promise<never> => {
  throw new CoreError('unavailable', 'The perpetuals desk is not built yet.');
};

export function createPerpsHandlers(): Pick<BridgeHandlers, PerpsChannels> {
  return {
    getPerpsInfo: notBuiltYet,
    listPerpsAccounts: notBuiltYet,
    rotatePerpsProxy: notBuiltYet,
    previewPerpsTransfer: notBuiltYet,
    sendPerpsTransfer: notBuiltYet,
    syncPerpsHistory: notBuiltYet,
    queryPerpsTransfers: notBuiltYet,
    exportPerpsTransfers: notBuiltYet,
    queryPerpsFunding: notBuiltYet,
    getPerpsEquity: notBuiltYet,
    listPerpsTrades: notBuiltYet,
    getPerpsReferral: notBuiltYet,
    createPerpsInvite: notBuiltYet,
    applyPerpsReferralCode: notBuiltYet,
    requestSandboxPerpsFunds: notBuiltYet,
    setSandboxPerpsPosition: notBuiltYet,
  };
}
