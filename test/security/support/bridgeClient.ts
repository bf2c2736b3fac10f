/** A minimal bridge client over the browser-mode WebSocket, for tests that drive a host process. */
import WebSocket from 'ws';

export interface BridgeClient {
  call<T = unknown>(channel: string, input: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;
  close(): void;
}

export async function connectBridge(port: number, credential: { token?: string; cookie?: string }): Promise<BridgeClient> {
  const query = credential.token !== undefined ? `?token=${encodeURIComponent(credential.token)}` : '';
  const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge${query}`, {
    headers: { origin: `http://127.0.0.1:${port}`, ...(credential.cookie ? { cookie: credential.cookie } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`bridge refused with ${response.statusCode}`)));
    socket.once('error', reject);
  });
  const waiting = new Map<number, (result: never) => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { kind: string; id?: number; result?: never };
    if (frame.kind === 'reply' && frame.id !== undefined) waiting.get(frame.id)?.(frame.result!);
  });
  let nextId = 1;
  return {
    call: (channel, input) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve as (result: never) => void);
        socket.send(JSON.stringify({ kind: 'call', id, channel, input }));
      }),
    close: () => socket.close(),
  };
}
