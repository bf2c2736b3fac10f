import { describe, expect, it } from 'vitest';
import { refuseForeignHost, refuseForeignOrigin, refuseWrongToken } from '../../../src/main/web/accessGuards';
import { resolveStaticPath } from '../../../src/main/web/staticFiles';
import { parseWebCliArgs } from '../../../src/main/web/cliArgs';

describe('browser-mode host guards', () => {
  it('accepts only its own loopback host names (DNS rebinding)', () => {
    expect(refuseForeignHost('127.0.0.1:4000', 4000)).toBeNull();
    expect(refuseForeignHost('localhost:4000', 4000)).toBeNull();
    for (const host of ['evil.example:4000', '127.0.0.1:4001', undefined, '127.0.0.1']) {
      expect(refuseForeignHost(host, 4000)).toMatchObject({ status: 403 });
    }
  });

  it('accepts only its own origin (cross-site WebSocket hijacking)', () => {
    expect(refuseForeignOrigin('http://127.0.0.1:4000', 4000)).toBeNull();
    for (const origin of ['https://evil.example', 'http://127.0.0.1:4001', 'null', undefined, 'http://127.0.0.1:4000.evil.example']) {
      expect(refuseForeignOrigin(origin, 4000)).toMatchObject({ status: 403, message: expect.stringMatching(/^Refused: pages from other origins/) });
    }
  });

  it('accepts only the exact token', () => {
    expect(refuseWrongToken('s3cret-token', 's3cret-token')).toBeNull();
    for (const token of [null, '', 's3cret-toke', 's3cret-tokenX', 'S3CRET-TOKEN']) {
      expect(refuseWrongToken(token, 's3cret-token')).toMatchObject({ status: 401, message: expect.stringMatching(/wrong access token/) });
    }
  });

  it('serves files only from inside the renderer folder', () => {
    expect(resolveStaticPath('/srv/app', '/')).toBe('/srv/app/index.html');
    expect(resolveStaticPath('/srv/app', '/assets/a.js')).toBe('/srv/app/assets/a.js');
    for (const path of ['/../secret', '/%2e%2e/secret', '/assets/../../etc/passwd', '/a%00.js', '/%E0%A4%A']) {
      expect(resolveStaticPath('/srv/app', path)).toBeNull();
    }
  });
});

describe('npm run web flags', () => {
  it('parses the documented flags', () => {
    expect(parseWebCliArgs(['--port', '5123', '--no-open', '--data-dir', '/tmp/md', '--seed', '9', '--funding-interval', '5'])).toEqual({
      port: 5123, open: false, dataDir: '/tmp/md', seed: 9, fundingIntervalSeconds: 5,
    });
  });

  it.each([
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--port', '70000'], /--port must be a whole number/],
    [['--seed', '1.5'], /--seed must be a whole number/],
    [['--funding-interval', '0'], /--funding-interval must be a whole number of seconds/],
    [['--funding-interval', '2.5'], /--funding-interval must be a whole number of seconds/],
    [['--data-dir', ' '], /--data-dir must not be empty/],
    [['--bogus'], /Unknown option '--bogus'/],
  ])('names the bad flag in %j', (argv, message) => {
    expect(() => parseWebCliArgs(argv)).toThrow(message);
  });
});
