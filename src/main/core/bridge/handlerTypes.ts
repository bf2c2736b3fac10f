import type { ChannelName, ChannelResult, ParsedChannelInput } from '../../../shared/contract';
import type { CallerContext } from '../coreApi';

/** One handler per channel; the compiler makes sure none is missing and types line up. */
export type BridgeHandlers = {
  [K in ChannelName]: (input: ParsedChannelInput<K>, caller: CallerContext) => Promise<ChannelResult<K>>;
};
