/**
 * One renderer tab's bridge over a WebSocket: call frames go to `core.dispatch` (which parses
 * every input with the contract's schema, answers every call by its deadline and bounds the calls
 * running per connection, keyed by this socket's client id) and replies and pushed events come back as frames.
 * A frame that is not a well-formed call closes nothing: it gets a clear error reply.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { traceMark } from '../../shared/perfTrace';
import type { CallFrame, HostFrame } from '../../shared/webSocketProtocol';
import type { Core } from '../core/coreApi';

function parseCallFrame(data: string): CallFrame | { badFrame: string; id?: number } {
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return { badFrame: 'The frame is not JSON.' };
  }
  const candidate = frame as Partial<CallFrame> | null;
  const id = typeof candidate?.id === 'number' && Number.isSafeInteger(candidate.id) ? candidate.id : undefined;
  if (candidate?.kind !== 'call' || id === undefined || typeof candidate.channel !== 'string') {
    return { badFrame: 'A call frame needs kind "call", an integer id and a channel name.', ...(id !== undefined ? { id } : {}) };
  }
  return { kind: 'call', id, channel: candidate.channel, input: candidate.input };
}

/**
 * Replies waiting in the socket's send buffer beyond this mean the tab is not reading them; the
 * connection is closed (1013, try again later) rather than letting the host's memory grow.
 */
export const MAX_UNREAD_REPLY_BYTES = 64 * 1024 * 1024;

export function attachBridgeSocket(socket: WebSocket, core: Core): void {
  const caller = { clientId: `web:${randomUUID()}` };
  const send = (frame: HostFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_UNREAD_REPLY_BYTES) return socket.close(1013, 'The bridge connection is not reading its replies.');
    socket.send(JSON.stringify(frame));
  };
  const unsubscribe = core.subscribe((event, payload) => {
    send({ kind: 'event', event, payload });
    traceMark('bridge.event', event);
  });

  socket.on('message', (data, isBinary) => {
    if (isBinary) return socket.close(1003, 'Binary frames are not part of the bridge.');
    const call = parseCallFrame(data.toString());
    if ('badFrame' in call) {
      if (call.id === undefined) return socket.close(1008, call.badFrame);
      return send({ kind: 'reply', id: call.id, result: { ok: false, error: { code: 'invalid_input', message: call.badFrame } } });
    }
    traceMark('bridge.in', call.channel);
    void core.dispatch(call.channel, call.input, caller).then((result) => {
      send({ kind: 'reply', id: call.id, result });
      traceMark('bridge.out', call.channel);
    });
  });
  // `ws` reports a frame over maxPayload (1009), invalid UTF-8 (1007) or a protocol error as an
  // `error` on this socket and then closes it with that code. Without a listener the error would
  // be thrown out of the event loop and take the whole host (and every other tab) down with it.
  socket.on('error', () => {
    if (socket.readyState === socket.OPEN) socket.close(1011, 'The bridge connection failed.');
  });
  socket.on('close', () => {
    unsubscribe();
    core.disconnect(caller);
  });
}
