/** Helpers for the custody spec: reading what the page holds, and calling the bridge directly. */
import type { Page } from '@playwright/test';

/** The few browser globals used inside page functions (tests compile without the DOM library). */
interface FieldLike {
  value: string;
}
interface StorageLike {
  length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}
interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(): void;
}
interface BrowserGlobals {
  document: { documentElement: { outerHTML: string }; querySelectorAll(selector: string): ArrayLike<FieldLike> };
  localStorage: StorageLike;
  sessionStorage: StorageLike;
  WebSocket: new (url: string) => SocketLike;
}

/**
 * Everything a page could leak: its markup (attributes included), the values of every field and
 * what sits in its storage. Secrets must appear in none of it.
 */
export async function pageMaterial(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document, localStorage, sessionStorage } = globalThis as unknown as BrowserGlobals;
    const values = Array.from(document.querySelectorAll('input, textarea, select')).map((field) => field.value);
    const storage: string[] = [];
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i) ?? '';
        storage.push(key, store.getItem(key) ?? '');
      }
    }
    return [document.documentElement.outerHTML, ...values, ...storage].join('\n');
  });
}

/**
 * Strings shaped like exchange credentials: API keys are UUIDs, HMAC secrets base64(url) of 44
 * characters, passphrases 64 hex digits, private keys 64 hex digits. Addresses (0x + 40 hex) and
 * the page's own asset names are cut out first; the bridge token lives in sessionStorage and is
 * not a custody secret, so the caller passes it to be ignored.
 */
export function credentialLikeStrings(material: string, ignore: string[] = []): string[] {
  let text = material.replace(/0x[0-9a-fA-F]{40}/g, ' ');
  for (const known of ignore) text = text.split(known).join(' ');
  text = text.replace(/assets\/[\w.-]+/g, ' ');
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
  const longToken = /[A-Za-z0-9+/_-]{40,}={0,2}/g;
  return [...(text.match(uuid) ?? []), ...(text.match(longToken) ?? [])];
}

/**
 * One call over a second bridge socket opened from the page (same origin, the run's token), so a
 * test can show what the core itself answers, whatever the UI would allow.
 */
export function callBridgeFromPage(page: Page, socketUrl: string, channel: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return page.evaluate(
    ({ url, channel: name, input: payload }) =>
      new Promise((resolve, reject) => {
        const { WebSocket } = globalThis as unknown as BrowserGlobals;
        const socket = new WebSocket(url);
        const timer = setTimeout(() => reject(new Error('no reply within 20 s')), 20_000);
        socket.onopen = () => socket.send(JSON.stringify({ kind: 'call', id: 1, channel: name, input: payload }));
        socket.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as { kind: string; id?: number; result?: unknown };
          if (frame.kind !== 'reply' || frame.id !== 1) return;
          clearTimeout(timer);
          socket.close();
          resolve(frame.result as { ok: boolean; value?: unknown; error?: { code: string; message: string } });
        };
        socket.onclose = (event) => {
          clearTimeout(timer);
          reject(new Error(`bridge socket closed (${event.code})`));
        };
      }),
    { url: socketUrl, channel, input },
  );
}
