/**
 * The single entry from any transport into the core (DESIGN invariant 2): the raw input is
 * parsed by the channel's zod schema before any handler runs, so a bad input becomes a clear
 * `invalid_input` result and never reaches application code. Nothing here throws.
 */
import type { z } from 'zod';
import { bridgeChannels, type ChannelName } from '../../../shared/contract';
import { fail, ok, type BridgeResult } from '../../../shared/result';
import type { CallerContext } from '../coreApi';
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import type { BridgeHandlers } from './handlerTypes';

const isChannelName = (name: string): name is ChannelName => Object.hasOwn(bridgeChannels, name);

/** "tokenIds.3: must be a decimal token id; limit: Too big" — names every offending field. */
export function describeInputIssues(channel: string, error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `Invalid input for ${channel}: ${issues.join('; ')}${more}`;
}

export function createDispatcher(handlers: BridgeHandlers, log: Logger) {
  return async function dispatch(
    channel: string,
    rawInput: unknown,
    caller: CallerContext,
  ): Promise<BridgeResult<unknown>> {
    if (typeof channel !== 'string' || !isChannelName(channel)) {
      return fail({ code: 'unknown_channel', message: `There is no bridge channel named "${String(channel).slice(0, 80)}".` });
    }
    const parsed = bridgeChannels[channel].input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      return fail({ code: 'invalid_input', message: describeInputIssues(channel, parsed.error) });
    }
    try {
      const handler = handlers[channel] as (input: unknown, caller: CallerContext) => Promise<unknown>;
      return ok(await handler(parsed.data, caller));
    } catch (error) {
      if (error instanceof CoreError) return fail(error.toBridgeError());
      const traceId = crypto.randomUUID();
      // The raw error may carry anything; only its class and the trace id leave this process.
      log.error(`handler ${channel} failed unexpectedly (trace ${traceId})`, error);
      return fail({ code: 'internal', message: `Something went wrong in ${channel} (trace ${traceId}).`, traceId });
    }
  };
}
