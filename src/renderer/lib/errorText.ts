/**
 * What the app says about a failed call: the core's sentence and, when the server gave one, its
 * trace id, so a user reporting a problem can quote what the service's operators search by.
 * Every place that shows a bridge error goes through here (a source check in
 * test/unit/renderer/errorText.test.ts keeps it so). The core already puts the id of its own
 * internal failures into the sentence; it is not said twice. A sentence with figures (an order's
 * price, an amount) comes with its parts, shown in the user's formats (lib/format.ts).
 */
import type { BridgeError } from '../../shared/result';
import { formatMessage } from './format';

export function errorText(error: Pick<BridgeError, 'message' | 'traceId' | 'parts'>): string {
  const said = formatMessage(error);
  if (!error.traceId || said.includes(error.traceId)) return said;
  return `${said} (trace ${error.traceId})`;
}
