/**
 * The first signed operation of each kind (order, cancel all, transfer, proxy creation) on a live
 * network is explained once per account, and the core refuses it until the user has read that
 * explanation: the refusal lives here, not in the renderer, so no screen can skip it. Stored in
 * settings by network id, account id and kind; the sandbox never asks.
 */
import { LIVE_OPERATION_KINDS, type LiveAcknowledgementsView, type LiveOperationKind } from '../../../shared/liveGuardrails';
import { CoreError } from '../coreError';
import type { ActiveNetwork } from '../network';
import type { SettingsStore } from '../settings/settingsStore';
import { explainLiveOperation } from './operationExplanations';

export interface LiveAcknowledgementsOptions {
  settings: SettingsStore;
  /** The network the core runs on now (it changes when the user switches). */
  network: () => ActiveNetwork;
  now?: () => number;
}

export class LiveAcknowledgements {
  constructor(private readonly options: LiveAcknowledgementsOptions) {}

  isAcknowledged(accountId: string, kind: LiveOperationKind): boolean {
    const { info } = this.options.network();
    if (info.isSandbox) return true;
    return this.options.settings.get('liveAcknowledgements')[info.id]?.[accountId]?.[kind] !== undefined;
  }

  view(accountId: string): LiveAcknowledgementsView {
    const network = this.options.network();
    const { id, label, isSandbox } = network.info;
    const acknowledged = isSandbox ? [] : LIVE_OPERATION_KINDS.filter((kind) => this.isAcknowledged(accountId, kind));
    const pending = isSandbox
      ? []
      : LIVE_OPERATION_KINDS.filter((kind) => !acknowledged.includes(kind)).map((kind) => explainLiveOperation(network, kind));
    return { networkId: id, networkLabel: label, isSandbox, accountId, acknowledged, pending };
  }

  /**
   * Records that the user read the explanation of `kind` for this account. `networkId` is the
   * network the explanation named: after a switch it no longer matches and nothing is recorded.
   */
  acknowledge(accountId: string, kind: LiveOperationKind, networkId: string): LiveAcknowledgementsView {
    const { info } = this.options.network();
    if (networkId !== info.id) {
      throw new CoreError('conflict', `That explanation was for another network; the app is now on ${info.label}. Nothing was recorded.`);
    }
    if (info.isSandbox) return this.view(accountId);
    const all = this.options.settings.get('liveAcknowledgements');
    const forNetwork = all[info.id] ?? {};
    const forAccount = forNetwork[accountId] ?? {};
    if (forAccount[kind] === undefined) {
      const at = (this.options.now ?? Date.now)();
      this.options.settings.set('liveAcknowledgements', { ...all, [info.id]: { ...forNetwork, [accountId]: { ...forAccount, [kind]: at } } });
    }
    return this.view(accountId);
  }

  /** Refuses the first live operation of a kind for an account until its explanation was acknowledged. */
  require(accountId: string, kind: LiveOperationKind): void {
    if (this.isAcknowledged(accountId, kind)) return;
    const network = this.options.network();
    const { title } = explainLiveOperation(network, kind);
    throw new CoreError(
      'acknowledgement_required',
      `${title} moves real money: read what it does and signs, then send it again. Nothing was signed or sent.`,
    );
  }
}
