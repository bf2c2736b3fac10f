/**
 * The first signed operation of each kind (order, transfer, proxy creation) on a live network is
 * explained once per account, inside the question main asks in its own surface before that
 * operation (authority/), and recorded as read only when the user confirmed it there: no bridge
 * call records it. Stored in settings by network id, account id and kind; the sandbox never asks.
 */
import { LIVE_OPERATION_KINDS, type LiveAcknowledgementsView, type LiveOperationExplanation, type LiveOperationKind } from '../../../shared/liveGuardrails';
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

  /** The explanation owed before this account's first operation of `kind` here; null when none is. */
  pendingExplanation(accountId: string, kind: LiveOperationKind): LiveOperationExplanation | null {
    if (this.isAcknowledged(accountId, kind)) return null;
    return explainLiveOperation(this.options.network(), kind);
  }

  /**
   * Records that the user read the explanation of `kind` for this account. Called by main after
   * the user confirmed the question that showed it, never from a bridge call.
   */
  record(accountId: string, kind: LiveOperationKind): void {
    const { info } = this.options.network();
    if (info.isSandbox) return;
    const all = this.options.settings.get('liveAcknowledgements');
    const forNetwork = all[info.id] ?? {};
    const forAccount = forNetwork[accountId] ?? {};
    if (forAccount[kind] !== undefined) return;
    const at = (this.options.now ?? Date.now)();
    this.options.settings.set('liveAcknowledgements', { ...all, [info.id]: { ...forNetwork, [accountId]: { ...forAccount, [kind]: at } } });
  }
}
