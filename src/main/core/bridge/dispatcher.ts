/**
 * The single entry from any transport into the core (DESIGN invariant 2): the raw input is
 * parsed by the channel's zod schema before any handler runs, so a bad input becomes a clear
 * `invalid_input` result and never reaches application code. Every call answers by its deadline
 * and each client has a bounded number of calls running (callLimits.ts), for the WebSocket and
 * the IPC transport alike. Nothing here throws.
 */
import type { z } from 'zod';
import { bridgeChannels, type ChannelName } from '../../../shared/contract';
import { fail, ok, type BridgeResult } from '../../../shared/result';
import type { CallerContext } from '../coreApi';
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import { DEFAULT_CALL_LIMITS, deadlineFor, InFlightCounter, type CallLimits } from './callLimits';
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

export interface Dispatch {
  (channel: string, rawInput: unknown, caller: CallerContext): Promise<BridgeResult<unknown>>;
  /** Calls of this client still running (answered by deadline or not); for tests and diagnostics. */
  inFlight(clientId: string): number;
  /** Clients with calls still running. */
  busyClients(): number;
}

/**
 * `handlers` may be a function: it is asked on every call, so the core can swap a network's
 * handlers (a network switch) without a new dispatcher.
 */
export function createDispatcher(handlers: BridgeHandlers | (() => BridgeHandlers), log: Logger, limits: Partial<CallLimits> = {}): Dispatch {
  const handlersNow = typeof handlers === 'function' ? handlers : () => handlers;
  const bounds: CallLimits = { ...DEFAULT_CALL_LIMITS, ...limits };
  const running = new InFlightCounter(bounds.maxInFlightPerClient);

  async function runHandler(channel: ChannelName, input: unknown, caller: CallerContext): Promise<BridgeResult<unknown>> {
    try {
      const handler = handlersNow()[channel] as (input: unknown, caller: CallerContext) => Promise<unknown>;
      return ok(await handler(input, caller));
    } catch (error) {
      if (error instanceof CoreError) return fail(error.toBridgeError());
      const traceId = crypto.randomUUID();
      // The raw error may carry anything; only its class and the trace id leave this process.
      log.error(`handler ${channel} failed unexpectedly (trace ${traceId})`, error);
      return fail({ code: 'internal', message: `Something went wrong in ${channel} (trace ${traceId}).`, traceId });
    }
  }

  const dispatch = async function dispatch(
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
    const clientId = String(caller?.clientId ?? '');
    if (!running.tryTake(clientId)) {
      return fail({
        code: 'throttled', retryable: true,
        message: `Too many calls running on this connection (${bounds.maxInFlightPerClient}); ${channel} was refused. Wait for answers before sending more.`,
      });
    }
    const work = runHandler(channel, parsed.data, caller);
    // The slot is held until the handler settles, even when the deadline answered first.
    void work.finally(() => running.release(clientId));
    const deadlineMs = deadlineFor(bounds, channel);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<BridgeResult<unknown>>((resolve) => {
      timer = setTimeout(() => {
        const seconds = deadlineMs >= 1_000 ? `${Math.round(deadlineMs / 1_000)} s` : `${deadlineMs} ms`;
        resolve(fail(new CoreError('timeout', `${channel} did not answer within ${seconds}; it may still finish in the background.`, { retryable: true }).toBridgeError()));
      }, deadlineMs);
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  } as Dispatch;
  dispatch.inFlight = (clientId: string) => running.inFlight(clientId);
  dispatch.busyClients = () => running.clients();
  return dispatch;
}
