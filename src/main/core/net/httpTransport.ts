/**
 * How the HTTP client puts a request on the wire and reads its answer: undici's `request` (the
 * library under Node's `fetch`), without fetch's WHATWG Request, Response and stream objects. A
 * 1,000-row history page costs about 1 ms less CPU read this way (decision 50/07), and every
 * request of the core takes this one path.
 *
 * What fetch did for the client, this does too: it follows redirects only when asked (a request
 * bound to an origin never is), it asks for and decodes gzip, deflate and brotli answers, and it
 * goes through the process's global dispatcher (a proxy set there applies). The body is read with
 * a limit: more than `maxBytes` (declared, received, or once decoded) is dropped, never held.
 */
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { getGlobalDispatcher, interceptors, request, type Dispatcher } from 'undici';

export interface TransportRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  followRedirects: boolean;
  maxBytes: number;
}

export interface TransportAnswer {
  status: number;
  headers: { get(name: string): string | null };
  /**
   * The body as text, null when it is larger than `maxBytes`. Throws when the body is cut off or
   * the request's signal fires while it comes in.
   */
  text(): Promise<string | null>;
}

/** Sends a request; throws (the transport's own error) when no answer came. */
export type HttpTransport = (request: TransportRequest) => Promise<TransportAnswer>;

/** fetch's own ceiling. */
const MAX_REDIRECTIONS = 20;
const followingBy = new WeakMap<Dispatcher, Dispatcher>();

function dispatcherFor(followRedirects: boolean): Dispatcher {
  const global = getGlobalDispatcher();
  if (!followRedirects) return global;
  let following = followingBy.get(global);
  if (!following) followingBy.set(global, (following = global.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }))));
  return following;
}

export const undiciTransport: HttpTransport = async ({ url, method, headers, body, signal, followRedirects, maxBytes }) => {
  const answer = await request(url, {
    method,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
    ...(body !== undefined ? { body } : {}),
    signal,
    dispatcher: dispatcherFor(followRedirects),
  });
  const header = (name: string): string | null => {
    const value = answer.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    status: answer.statusCode,
    headers: { get: (name) => header(name.toLowerCase()) },
    text: async () => {
      const bytes = await readWithLimit(answer.body, Number(header('content-length')), maxBytes);
      if (bytes === null) return null;
      const decoded = decode(bytes, header('content-encoding'), maxBytes);
      if (decoded === null) return null;
      const text = decoded.toString('utf8');
      // As TextDecoder (fetch's text()) does: a leading byte-order mark is not part of the text.
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    },
  };
};

/** The body's bytes, gathered and joined once; null (the rest left unread) past `maxBytes`. */
async function readWithLimit(body: Dispatcher.ResponseData['body'], declared: number, maxBytes: number): Promise<Buffer | null> {
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
}

/** Undoes the answer's content codings, last applied first; null when the result is larger than `maxBytes`. */
function decode(bytes: Buffer, encoding: string | null, maxBytes: number): Buffer | null {
  // An empty body (a 204, an empty error) with a coding named is empty, not a broken stream.
  if (encoding === null || bytes.length === 0) return bytes;
  const options = { maxOutputLength: maxBytes };
  let decoded = bytes;
  for (const coding of encoding.toLowerCase().split(',').map((c) => c.trim()).reverse()) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') decoded = gunzipSync(decoded, options);
      // zlib-wrapped as the standard says, or raw as some servers send it (fetch takes both).
      else if (coding === 'deflate') decoded = (decoded[0]! & 0x0f) === 8 ? inflateSync(decoded, options) : inflateRawSync(decoded, options);
      else if (coding === 'br') decoded = brotliDecompressSync(decoded, options);
      else if (coding !== 'identity' && coding !== '') return decoded; // unknown: left as sent, as fetch does
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      throw error;
    }
  }
  return decoded;
}
