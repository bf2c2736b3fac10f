/**
 * Browser-mode transport: the bridge contract over one WebSocket to the web host
 * (frames in src/shared/webSocketProtocol.ts). It pairs replies with calls by id, fans pushed
 * events out to subscribers, and reconnects with bounded backoff when the socket drops.
 *
 * Calls never hang and never throw: a drop fails every pending call with a retryable `network`
 * error, and a host that stays silent fails the call with `timeout`, so views can always offer
 * Retry.
 */
import type { BridgeTransport, ChannelName, EventName, Unsubscribe } from '../../shared/contract';
import type { BridgeError, BridgeResult } from '../../shared/result';
import type { CallFrame } from '../../shared/webSocketProtocol';

/**
 * `refused`: the first connection never opened (wrong or missing token, foreign origin, host not
 * running) — retrying on a timer cannot fix that. `lost`: the link dropped and every bounded
 * reconnect attempt failed.
 */
export type LinkState = 'connecting' | 'open' | 'reconnecting' | 'refused' | 'lost';

export interface LinkStatus {
  state: LinkState;
  /** Reconnect attempts since the link was last open. */
  attempt: number;
  /** When the next reconnect attempt starts (epoch ms), while waiting to reconnect. */
  nextAttemptAt: number | null;
}

export interface WebSocketTransport extends BridgeTransport {
  status(): LinkStatus;
  onStatusChange(listener: (status: LinkStatus) => void): Unsubscribe;
  /** Starts a connection attempt now: after a refusal or a lost link, or to skip the wait. */
  reconnectNow(): void;
}

export interface WebSocketTransportOptions {
  url: string;
  createSocket?: (url: string) => WebSocket;
  backoffMs?: readonly number[];
  maxReconnectAttempts?: number;
  callTimeoutMs?: number;
}

export const LOST_CONNECTION: BridgeError = {
  code: 'network',
  message: 'Lost the connection to Marketdesk',
  retryable: true,
};

const DEFAULT_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000] as const;
const OPEN = 1;

interface PendingCall {
  text: string;
  sent: boolean;
  resolve: (result: BridgeResult<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The host closes with a policy code (1008) or an application code (4xxx) when it refuses us. */
const isRefusalCode = (code: number): boolean => code === 1008 || (code >= 4000 && code <= 4999);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isResult = (value: unknown): value is BridgeResult<unknown> =>
  isRecord(value) && (value.ok === true || (value.ok === false && isRecord(value.error)));

export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxAttempts = options.maxReconnectAttempts ?? 20;
  const callTimeoutMs = options.callTimeoutMs ?? 45_000;

  const pending = new Map<number, PendingCall>();
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: LinkStatus) => void>();
  let socket: WebSocket | null = null;
  let everOpened = false;
  let nextId = 1;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let current: LinkStatus = { state: 'connecting', attempt: 0, nextAttemptAt: null };

  function setStatus(next: LinkStatus): void {
    current = next;
    for (const listener of statusListeners) listener(current);
  }

  function settle(id: number, result: BridgeResult<unknown>): void {
    const call = pending.get(id);
    if (!call) return; // a late reply after a timeout or a drop
    pending.delete(id);
    clearTimeout(call.timer);
    call.resolve(result);
  }

  function failAll(error: BridgeError): void {
    for (const id of [...pending.keys()]) settle(id, { ok: false, error });
  }

  function flushUnsent(ws: WebSocket): void {
    for (const call of pending.values()) {
      if (call.sent) continue;
      ws.send(call.text);
      call.sent = true;
    }
  }

  function handleFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return; // the host only sends JSON; ignore anything else rather than crash the app
    }
    if (!isRecord(frame)) return;
    if (frame.kind === 'reply' && typeof frame.id === 'number' && isResult(frame.result)) {
      settle(frame.id, frame.result);
    } else if (frame.kind === 'event' && typeof frame.event === 'string') {
      for (const listener of eventListeners.get(frame.event) ?? []) {
        try {
          listener(frame.payload);
        } catch (error) {
          console.error(`Listener for ${frame.event} failed`, error); // one bad view must not starve the rest
        }
      }
    }
  }

  function handleClose(code: number): void {
    if (!everOpened || isRefusalCode(code)) {
      failAll({ code: 'network', message: 'Marketdesk refused the connection', retryable: false });
      setStatus({ state: 'refused', attempt: 0, nextAttemptAt: null });
      return;
    }
    failAll(LOST_CONNECTION);
    const attempt = current.attempt + 1;
    if (attempt > maxAttempts) {
      setStatus({ state: 'lost', attempt, nextAttemptAt: null });
      return;
    }
    const base = backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 1000;
    // Jitter so several tabs do not reconnect in lockstep after the host restarts.
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    setStatus({ state: 'reconnecting', attempt, nextAttemptAt: Date.now() + delay });
    reconnectTimer = setTimeout(connect, delay);
  }

  function connect(): void {
    reconnectTimer = null;
    const ws = createSocket(options.url);
    socket = ws;
    setStatus({ state: everOpened ? 'reconnecting' : 'connecting', attempt: current.attempt, nextAttemptAt: null });
    ws.onopen = () => {
      if (socket !== ws) return;
      everOpened = true;
      setStatus({ state: 'open', attempt: 0, nextAttemptAt: null });
      flushUnsent(ws);
    };
    ws.onmessage = (message) => {
      if (socket === ws) handleFrame(message.data);
    };
    // `error` is always followed by `close`, which carries everything we act on.
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      handleClose(event.code);
    };
  }

  function invoke(channel: ChannelName, input: unknown): Promise<BridgeResult<unknown>> {
    return new Promise((resolve) => {
      if (current.state === 'refused' || current.state === 'lost') {
        resolve({ ok: false, error: LOST_CONNECTION });
        return;
      }
      const id = nextId++;
      const frame: CallFrame = { kind: 'call', id, channel, input };
      let text: string;
      try {
        text = JSON.stringify(frame);
      } catch {
        resolve({ ok: false, error: { code: 'invalid_input', message: `The input for ${channel} cannot be sent` } });
        return;
      }
      const timer = setTimeout(() => {
        settle(id, { ok: false, error: { code: 'timeout', message: `Marketdesk did not answer ${channel} in time`, retryable: true } });
      }, callTimeoutMs);
      const call: PendingCall = { text, sent: false, resolve, timer };
      pending.set(id, call);
      // Calls made while (re)connecting wait for the socket; a failed attempt fails them.
      if (socket?.readyState === OPEN) {
        socket.send(text);
        call.sent = true;
      }
    });
  }

  function subscribe(event: EventName, listener: (payload: unknown) => void): Unsubscribe {
    let set = eventListeners.get(event);
    if (!set) {
      set = new Set();
      eventListeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  function reconnectNow(): void {
    if (socket !== null) return; // already open or an attempt is in flight
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    if (current.state === 'refused' || current.state === 'lost') current = { ...current, attempt: 0 };
    connect();
  }

  connect();

  return {
    invoke,
    subscribe,
    reconnectNow,
    status: () => current,
    onStatusChange(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}
