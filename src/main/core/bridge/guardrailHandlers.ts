/** Handlers of the guardrail channels: what a live network's first operations still need explained. */
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { LiveAcknowledgements } from '../guardrails/liveAcknowledgements';
import type { BridgeHandlers } from './handlerTypes';

export interface GuardrailServices {
  acknowledgements: LiveAcknowledgements;
  registry: AccountRegistry;
}

export function createGuardrailHandlers({ acknowledgements, registry }: GuardrailServices): Pick<BridgeHandlers, 'getLiveAcknowledgements'> {
  return {
    getLiveAcknowledgements: async ({ accountId }) => acknowledgements.view((accountId ? registry.get(accountId) : registry.requireActive()).id),
  };
}
