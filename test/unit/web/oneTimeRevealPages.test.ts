import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneTimeRevealPages } from '../../../src/main/web/oneTimeRevealPages';

let server: Server;
let origin = '';
let clock = 0;
const pages = new OneTimeRevealPages(() => origin, () => clock);

beforeAll(async () => {
  server = createServer((request, response) => pages.serve(request.url ?? '/', response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('one-time reveal pages (browser mode)', () => {
  it('shows the secret once, escaped, with a script-free policy, then answers 410', async () => {
    const result = await pages.present({ title: 'Key of <b>"Main"</b>', explanation: 'Keep it safe.', secret: '0xabc123' });
    expect(result.shownIn).toBe('one-time-page');
    expect(result.url).toMatch(new RegExp(`^${origin}/reveal/[A-Za-z0-9_-]{32}$`));

    const first = await fetch(result.url!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(first.headers.get('cache-control')).toBe('no-store');
    const html = await first.text();
    expect(html).toContain('0xabc123');
    expect(html).toContain('Key of &lt;b&gt;&quot;Main&quot;&lt;/b&gt;');

    const second = await fetch(result.url!);
    expect(second.status).toBe(410);
    expect(await second.text()).not.toContain('0xabc123');
  });

  it('expires unopened pages after a minute, and unknown ids get nothing', async () => {
    const result = await pages.present({ title: 'K', explanation: 'E', secret: 'secret-value' });
    clock += 60_001;
    const late = await fetch(result.url!);
    expect(late.status).toBe(410);
    expect((await fetch(`${origin}/reveal/not-a-real-id`)).status).toBe(410);
  });
});
