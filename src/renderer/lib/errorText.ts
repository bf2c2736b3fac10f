/**
 * What the app says about a failed call: the core's sentence and, when the server gave one, its
 * trace id, so a user reporting a problem can quote what the service's operators search by.
 * Every place that shows a bridge error goes through here (a source check in
 * test/unit/renderer/errorText.test.ts keeps it so). The core already puts the id of its own
 * internal failures into the sentence; it is not said twice.
 */
import type { BridgeError } from '../../shared/result';

export function errorText(error: Pick<BridgeError, 'message' | 'traceId'>): string {
  if (!error.traceId || error.message.includes(error.traceId)) return error.message;
  return `${error.message} (trace ${error.traceId})`;
}
