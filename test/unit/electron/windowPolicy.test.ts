// DESIGN invariant 6, the pure half: the preferences, CSP, navigation, external-link and
// sender-frame rules the Electron shell wires into every window.
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  contentSecurityPolicy,
  externalUrlToOpen,
  hardenedWebPreferences,
  isAllowedExternalUrl,
  isAllowedNavigation,
  isTrustedSender,
} from '../../../src/main/electron/windowPolicy';

describe('hardenedWebPreferences', () => {
  const prefs = hardenedWebPreferences('/app/out/preload/index.cjs');

  it('isolates and sandboxes the renderer, with no Node anywhere', () => {
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('keeps web security on and every risky feature off', () => {
    expect(prefs).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      plugins: false,
      experimentalFeatures: false,
      enableWebSQL: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('opens devtools only when asked (unpackaged runs)', () => {
    expect(prefs.devTools).toBe(false);
    expect(hardenedWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = new Map(
    contentSecurityPolicy()
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources] as const),
  );

  it('allows only the app origin for scripts, styles, connections and fonts', () => {
    for (const name of ['default-src', 'script-src', 'style-src', 'connect-src', 'font-src', 'worker-src']) {
      expect(directives.get(name), name).toEqual(["'self'"]);
    }
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('forbids plugins, frames, base rewrites and form posts', () => {
    for (const name of ['object-src', 'frame-src', 'base-uri', 'frame-ancestors', 'form-action']) {
      expect(directives.get(name), name).toEqual(["'none'"]);
    }
  });

  it('has no inline or eval escape hatch anywhere', () => {
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-|\*|https?:/);
  });
});

describe('isAllowedNavigation', () => {
  it('denies every navigation, including to the app itself', () => {
    for (const url of [APP_ENTRY_URL, 'https://github.com/', 'file:///etc/passwd', 'about:blank', 'javascript:alert(1)']) {
      expect(isAllowedNavigation(url), url).toBe(false);
    }
  });
});

describe('isAllowedExternalUrl', () => {
  it('allows https links to exact allow-listed hosts', () => {
    expect(isAllowedExternalUrl('https://github.com/marketdesk/marketdesk/issues')).toBe(true);
    expect(isAllowedExternalUrl('https://polygonscan.com/address/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true);
    expect(isAllowedExternalUrl('https://github.com:443/x')).toBe(true); // the default port is no port
  });

  it('refuses other schemes, even to allowed hosts', () => {
    for (const url of ['http://github.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://github.com/share', 'ftp://github.com/', 'data:text/html,hi']) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });

  it('refuses lookalike hosts', () => {
    for (const url of [
      'https://evil.com/github.com',
      'https://evil.com/docs.github.com',
      'https://github.com.evil.com/',
      'https://evilgithub.com/',
      'https://www.github.com.evil.com/',
      'https://gist.github.com/', // subdomains are not implied
      'https://github.com./', // trailing-dot variant of the host
      'https://xn--gthub-n4a.com/', // IDN homograph (gıthub.com)
      'https://evil.com\\@github.com/',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });

  it('refuses credentials, non-default ports and IP literals', () => {
    for (const url of [
      'https://github.com@evil.com/',
      'https://user:pass@github.com/',
      'https://github.com:8443/',
      'https://140.82.112.3/',
      'https://[::1]/',
      'https://0x7f000001/',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });

  it('refuses junk and oversize input', () => {
    expect(isAllowedExternalUrl('not a url')).toBe(false);
    expect(isAllowedExternalUrl('')).toBe(false);
    expect(isAllowedExternalUrl(`https://github.com/${'a'.repeat(3000)}`)).toBe(false);
  });

  it('hands the OS the normalized URL, not the raw string', () => {
    expect(externalUrlToOpen(' https://GitHub.com/a b ')).toBe('https://github.com/a%20b');
  });
});

describe('isTrustedSender', () => {
  const top = (url: string) => ({ url, isTopFrame: true });
  const dev = 'http://localhost:5173';

  it('trusts the app origin in its top frame', () => {
    expect(isTrustedSender(top(APP_ENTRY_URL))).toBe(true);
    expect(isTrustedSender(top('app://marketdesk/'))).toBe(true);
  });

  it('refuses subframes, even of the app origin', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL, isTopFrame: false })).toBe(false);
  });

  it('refuses a frame that navigated away or was destroyed', () => {
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender(top(''))).toBe(false);
    expect(isTrustedSender(top('about:blank'))).toBe(false);
  });

  it('refuses foreign origins and lookalikes of the app origin', () => {
    for (const url of [
      'https://evil.com/',
      'file:///work/main/out/renderer/index.html',
      'app://marketdesk.evil/index.html',
      'app://evil/marketdesk',
      'app://marketdesk@evil/index.html',
      'app://marketdesk:8080/index.html',
      'apps://marketdesk/index.html',
      'http://marketdesk/index.html',
      'devtools://devtools/bundled/inspector.html',
    ]) {
      expect(isTrustedSender(top(url)), url).toBe(false);
    }
  });

  it('trusts the dev server only when it is passed in, on loopback, and only its exact origin', () => {
    expect(isTrustedSender(top('http://localhost:5173/'))).toBe(false);
    expect(isTrustedSender(top('http://localhost:5173/'), dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5173/', isTopFrame: false }, dev)).toBe(false);
    expect(isTrustedSender(top('http://localhost:5174/'), dev)).toBe(false);
    expect(isTrustedSender(top('https://localhost:5173/'), dev)).toBe(false);
    expect(isTrustedSender(top('http://127.0.0.1:5173/'), dev)).toBe(false);
    expect(isTrustedSender(top('https://evil.com/'), 'https://evil.com/')).toBe(false);
    expect(isTrustedSender(top('http://localhost:5173/'), 'not a url')).toBe(false);
  });
});
