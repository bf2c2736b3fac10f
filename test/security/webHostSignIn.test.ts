/**
 * Finding 5 (issue 7): `xdg-open` received the long-lived access token in its arguments, which
 * every local user can read with `ps` (and the browser then got it in its own arguments too).
 * Now the opener gets the path of a file only this user can read; the file redirects with a
 * single-use sign-in code, exchanged once for an HttpOnly, SameSite=Strict session cookie.
 */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBridge } from './support/bridgeClient';
import { rawRequest } from './support/rawHttp';
import { startHostChild, type HostChild } from './support/webHostChild';

let host: HostChild;
let scratch: string;
let argvFile: string;

/** Polls for a file to appear (the opener runs detached, a moment after the address is printed). */
async function waitForFile(path: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > end) throw new Error(`the opener was not run within ${timeoutMs} ms (${path} missing)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'marketdesk-opener-'));
  argvFile = join(scratch, 'argv.json');
  // A stand-in for xdg-open: records exactly the arguments it was given, and the file's content.
  const opener = join(scratch, 'record-opener.mjs');
  writeFileSync(
    opener,
    `#!${process.execPath}\nimport { readFileSync, statSync, writeFileSync } from 'node:fs';\n` +
      `const [path] = process.argv.slice(2);\n` +
      `writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify({ argv: process.argv.slice(2), mode: statSync(path).mode & 0o777, html: readFileSync(path, 'utf8') }));\n`,
  );
  chmodSync(opener, 0o700);
  host = await startHostChild([], { MARKETDESK_BROWSER_OPENER: opener });
}, 90_000);
afterAll(async () => {
  await host?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('opening the browser without a credential on any command line', () => {
  it('gives the opener only a private file path, which redirects with a single-use code', async () => {
    await waitForFile(argvFile);
    const recorded = JSON.parse(readFileSync(argvFile, 'utf8')) as { argv: string[]; mode: number; html: string };
    expect(recorded.argv).toHaveLength(1);
    const [path] = recorded.argv;
    expect(path).not.toContain(host.token);
    expect(path).not.toMatch(/code=|token=|https?:/);
    expect(recorded.mode).toBe(0o600);
    expect(statSync(join(path!, '..')).mode & 0o777).toBe(0o700);
    expect(recorded.html).not.toContain(host.token);

    const target = /url=([^"]+)"/.exec(recorded.html)?.[1]?.replace(/&amp;/g, '&');
    expect(target).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/sign-in\\?code=[A-Za-z0-9_-]{32}$`));

    // The code works once: a session cookie, HttpOnly and SameSite=Strict, and a redirect to the app.
    const first = await rawRequest(target!, { headers: { host: `127.0.0.1:${host.port}` } });
    expect(first.status).toBe(303);
    expect(first.header('location')).toBe('/?session=cookie');
    const setCookie = first.header('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^marketdesk_session_${host.port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`));
    expect(setCookie).not.toContain(host.token);

    const second = await rawRequest(target!);
    expect(second.status).toBe(403);
    expect(second.header('set-cookie')).toBeNull();

    // The cookie opens the bridge without the token; a made-up cookie does not.
    const cookie = setCookie.split(';')[0]!;
    const bridge = await connectBridge(host.port, { cookie });
    expect(await bridge.call('getVaultState', {})).toMatchObject({ ok: true });
    bridge.close();
    await expect(connectBridge(host.port, { cookie: `marketdesk_session_${host.port}=made-up` })).rejects.toThrow(/refused with 401/);
  });

  it('still prints the address with the token first, for people and scripts', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{32}$`));
  });
});
