/**
 * The handlers the dispatcher runs, asked for on every call: the shared ones (vault, accounts,
 * display preferences, switching) always, and the live network's runtime handlers — or, while a
 * switch runs, one that answers every network-bound channel with a retryable `unavailable`.
 */
import { channelNames } from '../../../shared/contract';
import type { BridgeHandlers } from '../bridge/handlerTypes';
import type { SharedHandlers } from '../bridge/handlers';
import type { NetworkRuntime } from './networkRuntime';
import type { CoreError } from '../coreError';

export function currentHandlers(
  shared: SharedHandlers,
  runtime: () => NetworkRuntime | null,
  unavailable: () => CoreError,
): () => BridgeHandlers {
  const refuse = async () => {
    throw unavailable();
  };
  const refusing = Object.fromEntries(channelNames.map((channel) => [channel, refuse]));
  const whileUnavailable = { ...refusing, ...shared } as BridgeHandlers;
  let cachedFor: NetworkRuntime | null = null;
  let cached = whileUnavailable;
  return () => {
    const live = runtime();
    if (!live) return whileUnavailable;
    if (live !== cachedFor) {
      cachedFor = live;
      cached = { ...live.handlers, ...shared };
    }
    return cached;
  };
}
