/**
 * The origin comparison credentials and proxies are bound by: one canonical form, so equal origins
 * compare equal and any difference that sends a request elsewhere does not.
 */
import { describe, expect, it } from 'vitest';
import { boundOrigin, issuerOf, issuingHosts, type NetworkHosts } from '../../../src/main/core/accounts/issuedOrigin';
import { CoreError } from '../../../src/main/core/coreError';
import { EMBEDDED_SANDBOX_ISSUER, issuedElsewhere, issuerName, sameOrigin, serviceOrigin } from '../../../src/shared/issuedOrigin';

describe('serviceOrigin / sameOrigin', () => {
  it('scheme: http and https are different origins; the scheme is case-insensitive', () => {
    expect(sameOrigin('https://clob.example', 'http://clob.example')).toBe(false);
    expect(serviceOrigin('HTTPS://clob.example')).toBe('https://clob.example');
    expect(sameOrigin('HTTPS://clob.example', 'https://clob.example')).toBe(true);
  });

  it('host: compared without case; a different host or subdomain is another origin', () => {
    expect(serviceOrigin('https://CLOB.Example.COM')).toBe('https://clob.example.com');
    expect(sameOrigin('https://Clob.Example.com', 'https://clob.example.com')).toBe(true);
    expect(sameOrigin('https://clob.example.com', 'https://clob.example.com.evil.test')).toBe(false);
    expect(sameOrigin('https://clob.example.com', 'https://api.clob.example.com')).toBe(false);
    // An internationalised name is compared in its ASCII (punycode) form.
    expect(serviceOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
    expect(sameOrigin('https://bücher.example', 'https://xn--bcher-kva.example')).toBe(true);
  });

  it('ports: the scheme\'s default port is the same origin written or not; any other port is not', () => {
    expect(serviceOrigin('https://clob.example:443')).toBe('https://clob.example');
    expect(serviceOrigin('http://127.0.0.1:80')).toBe('http://127.0.0.1');
    expect(sameOrigin('https://clob.example:443/', 'https://clob.example')).toBe(true);
    expect(sameOrigin('https://clob.example:8443', 'https://clob.example')).toBe(false);
    expect(sameOrigin('https://clob.example:80', 'http://clob.example')).toBe(false);
    expect(sameOrigin('http://127.0.0.1:4101', 'http://127.0.0.1:4102')).toBe(false);
  });

  it('trailing slashes and paths do not change the origin', () => {
    expect(serviceOrigin('https://clob.example/')).toBe('https://clob.example');
    expect(serviceOrigin('https://clob.example///')).toBe('https://clob.example');
    expect(sameOrigin('https://clob.example/api/v2/', 'https://clob.example')).toBe(true);
  });

  it('IPv6 literals: bracketed, lower-case and compressed, so every spelling of one address matches', () => {
    expect(serviceOrigin('http://[::1]:4101')).toBe('http://[::1]:4101');
    expect(serviceOrigin('http://[0:0:0:0:0:0:0:1]:4101/')).toBe('http://[::1]:4101');
    expect(serviceOrigin('https://[2001:DB8::0:1]:443')).toBe('https://[2001:db8::1]');
    expect(sameOrigin('https://[2001:db8:0:0:0:0:0:1]', 'https://[2001:DB8::1]:443/')).toBe(true);
    expect(sameOrigin('http://[::1]:4101', 'http://127.0.0.1:4101')).toBe(false);
    expect(sameOrigin('http://[::1]:4101', 'http://[::2]:4101')).toBe(false);
  });

  it('what is not an http(s) URL has no origin and matches nothing', () => {
    for (const url of ['', 'clob.example', 'ftp://clob.example', 'file:///etc/passwd', 'javascript:alert(1)', 'http://']) {
      expect(serviceOrigin(url)).toBeNull();
    }
    expect(sameOrigin('not a url', 'not a url')).toBe(false);
  });
});

const network = (id: string, clob: string, perps: string, isSandbox = false): NetworkHosts => ({
  info: { id, label: id === 'sandbox' ? 'Sandbox' : 'Staging', isSandbox },
  urls: { clob, perps, catalog: clob, analytics: clob },
});

describe('what a record is bound to and where it may be used', () => {
  it('binds the embedded sandbox by its network id, whatever port it runs on; every other network by origin', () => {
    const sandboxToday = network('sandbox', 'http://127.0.0.1:41001', 'http://127.0.0.1:41003', true);
    const sandboxTomorrow = network('sandbox', 'http://127.0.0.1:52011', 'http://127.0.0.1:52013', true);
    expect(issuingHosts(sandboxToday)).toEqual({ clob: EMBEDDED_SANDBOX_ISSUER, perps: EMBEDDED_SANDBOX_ISSUER });
    expect(boundOrigin(EMBEDDED_SANDBOX_ISSUER, sandboxTomorrow, 'clob', 'credentials')).toBe('http://127.0.0.1:52011');
    expect(boundOrigin(EMBEDDED_SANDBOX_ISSUER, sandboxTomorrow, 'perps', 'proxy')).toBe('http://127.0.0.1:52013');
    const staging = network('staging', 'https://Clob.Staging.example:443/', 'https://perps.staging.example');
    expect(issuerOf(staging, 'clob')).toBe('https://clob.staging.example');
    expect(boundOrigin('https://clob.staging.example', staging, 'clob', 'credentials')).toBe('https://clob.staging.example');
  });

  it('refuses a record issued by another host, naming both hosts, with the code the UI offers a re-issue on', () => {
    const repointed = network('staging', 'https://clob.other.example', 'https://perps.other.example');
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error as CoreError;
      }
      throw new Error('not refused');
    };
    const credentials = refusal(() => boundOrigin('https://clob.staging.example', repointed, 'clob', 'credentials'));
    expect(credentials).toBeInstanceOf(CoreError);
    expect(credentials.code).toBe('wrong_host');
    expect(credentials.message).toBe(
      'These order-book credentials were issued by https://clob.staging.example; “Staging” now points at https://clob.other.example. Nothing was sent. Re-issue them for the new host in Accounts.',
    );
    expect(refusal(() => boundOrigin('https://perps.staging.example', repointed, 'perps', 'proxy')).message).toMatch(
      /^This perps proxy was issued by https:\/\/perps\.staging\.example; “Staging” now points at https:\/\/perps\.other\.example\. Nothing was sent\./,
    );
    // The sandbox's binding means nothing on another network; an unrecorded or unbound one matches nothing.
    expect(refusal(() => boundOrigin(EMBEDDED_SANDBOX_ISSUER, repointed, 'clob', 'credentials')).message).toMatch(/issued by the embedded sandbox;/);
    expect(refusal(() => boundOrigin(null, repointed, 'clob', 'credentials')).message).toMatch(/issued by a host that was not recorded;/);
    expect(refusal(() => boundOrigin(undefined, repointed, 'clob', 'credentials')).message).toMatch(/not recorded yet \(unlocking the vault again records it\)/);
    // A sandbox stand-in under another id (a test's transient network) is bound by origin, not as the sandbox.
    const transient = network('custom', 'http://127.0.0.1:41001', 'http://127.0.0.1:41003', true);
    expect(refusal(() => boundOrigin(EMBEDDED_SANDBOX_ISSUER, transient, 'clob', 'credentials')).code).toBe('wrong_host');
  });

  it('the renderer\'s words and mismatch test agree with main\'s', () => {
    expect(issuerName(EMBEDDED_SANDBOX_ISSUER)).toBe('the embedded sandbox');
    expect(issuerName('https://clob.example')).toBe('https://clob.example');
    expect(issuerName(null)).toBe('a host that was not recorded');
    expect(issuedElsewhere('https://a.example', 'https://a.example')).toBe(false);
    expect(issuedElsewhere('https://a.example', 'https://b.example')).toBe(true);
    expect(issuedElsewhere(null, 'https://b.example')).toBe(true);
    // Not bound yet, or no network: main decides at the next unlock; nothing to show.
    expect(issuedElsewhere(undefined, 'https://b.example')).toBe(false);
    expect(issuedElsewhere('https://a.example', undefined)).toBe(false);
  });
});
