/** Small HTTP helpers for the sandbox integration tests (real loopback requests via fetch, or raw bytes). */
import { connect } from 'node:net';

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function request<T = unknown>(url: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

export const get = <T = unknown>(url: string) => request<T>(url);

export const post = <T = unknown>(url: string, body: unknown) =>
  request<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Sends raw bytes and returns whatever the server answers (bounded by a timeout). */
export function raw(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, done);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('end', done);
    socket.on('error', done);
    // Half-close after writing: the server sees the whole request, or a truncated one.
    socket.end(bytes);
  });
}
