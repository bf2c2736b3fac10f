/**
 * Puts main's confirmation in front of the channels that need it. A gate looks at the parsed
 * input and what main knows (the network, the accounts, the settings) and says whether the user
 * must be asked, and what: null lets the call through at once (a risk-reducing change, an order
 * where confirmations are off, a transfer between the user's own accounts). Wrapping handlers,
 * rather than asking inside each service, covers every door to an operation the same way and keeps
 * the rule in one place where a test can hold it to the contract's authority classes.
 */
import type { ChannelName, ParsedChannelInput } from '../../../shared/contract';
import type { BridgeHandlers } from '../bridge/handlerTypes';
import type { CallerContext } from '../coreApi';
import type { ConfirmationRequest, MainConfirmations } from './mainConfirmations';

export interface GateQuestion {
  request: ConfirmationRequest;
  /** Runs once the user said yes, before the operation (records a live explanation as read). */
  onConfirmed?: () => void;
}

export type Gate<K extends ChannelName> = (input: ParsedChannelInput<K>, caller: CallerContext) => Promise<GateQuestion | null> | GateQuestion | null;

export type GateTable<K extends ChannelName> = { [C in K]: Gate<C> };

export function withGates<H extends Partial<BridgeHandlers>, K extends ChannelName & keyof H>(
  handlers: H,
  gates: GateTable<K>,
  confirmations: () => MainConfirmations,
): H {
  const wrapped: Partial<BridgeHandlers> = {};
  for (const channel of Object.keys(gates) as K[]) {
    const inner = handlers[channel] as unknown as (input: unknown, caller: CallerContext) => Promise<unknown>;
    const gate = gates[channel] as unknown as (input: unknown, caller: CallerContext) => Promise<GateQuestion | null> | GateQuestion | null;
    wrapped[channel] = (async (input: unknown, caller: CallerContext) => {
      const question = await gate(input, caller);
      if (question) {
        await confirmations().confirm(question.request);
        question.onConfirmed?.();
      }
      return inner(input, caller);
    }) as never;
  }
  return { ...handlers, ...wrapped };
}
