/**
 * Puts the live-money gate in front of the channels that send a signed operation: on a live
 * network the first order, cancel-all, transfer and proxy creation of each account is refused
 * until its explanation was acknowledged (LiveAcknowledgements). Wrapping the handlers keeps the
 * services unaware of it and covers every door to an operation of that kind (a batch, an amend,
 * a proxy rotation).
 */
import type { LiveOperationKind } from '../../../shared/liveGuardrails';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { BridgeHandlers } from '../bridge/handlerTypes';
import type { LiveAcknowledgements } from './liveAcknowledgements';

export interface LiveGateServices {
  acknowledgements: LiveAcknowledgements;
  registry: AccountRegistry;
  /** The account a held transfer preview sends from (null when the preview is unknown). */
  transferAccount: (previewId: string) => string | null;
}

type GatedChannel = 'placeOrder' | 'placeOrders' | 'amendOrder' | 'cancelAllOrders' | 'sendPerpsTransfer' | 'createPerpsProxy' | 'rotatePerpsProxy';

/** Which kind each gated channel is, and whose account it acts for (null: let the handler refuse). */
const gates = (services: LiveGateServices): { [K in GatedChannel]: { kind: LiveOperationKind; account: (input: Parameters<BridgeHandlers[K]>[0]) => string | null } } => {
  const active = () => services.registry.active()?.id ?? null;
  return {
    placeOrder: { kind: 'order', account: active },
    placeOrders: { kind: 'order', account: active },
    // An amend signs and sends a replacement order.
    amendOrder: { kind: 'order', account: active },
    cancelAllOrders: { kind: 'cancelAll', account: active },
    sendPerpsTransfer: { kind: 'transfer', account: ({ previewId }) => services.transferAccount(previewId) },
    createPerpsProxy: { kind: 'proxyCreation', account: active },
    // A rotation creates the replacement proxy first.
    rotatePerpsProxy: { kind: 'proxyCreation', account: ({ accountId }) => accountId },
  };
};

export function withLiveGate<H extends Pick<BridgeHandlers, GatedChannel>>(handlers: H, services: LiveGateServices): H {
  const gated: Partial<BridgeHandlers> = {};
  const table = gates(services);
  for (const channel of Object.keys(table) as GatedChannel[]) {
    gated[channel] = gate(channel, handlers, table, services) as never;
  }
  return { ...handlers, ...gated };
}

function gate<K extends GatedChannel>(channel: K, handlers: Pick<BridgeHandlers, GatedChannel>, table: ReturnType<typeof gates>, services: LiveGateServices): BridgeHandlers[K] {
  const inner = handlers[channel] as (input: unknown, caller: unknown) => Promise<unknown>;
  const { kind, account } = table[channel] as { kind: LiveOperationKind; account: (input: unknown) => string | null };
  return (async (input: unknown, caller: unknown) => {
    const accountId = account(input);
    if (accountId !== null) services.acknowledgements.require(accountId, kind);
    return inner(input, caller);
  }) as unknown as BridgeHandlers[K];
}

