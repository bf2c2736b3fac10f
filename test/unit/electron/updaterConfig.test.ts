/** What the installer's app-update.yml says about its updates, as electron-builder writes it. */
import { describe, expect, it } from 'vitest';
import { readInstallerUpdateConfig, updateVerificationFor } from '../../../src/main/electron/updaterConfig';

// The shape electron-builder 26 writes (js-yaml dump of the publish config, then updaterCacheDirName).
const signedWindows = `owner: marketdesk
provider: generic
url: https://updates.example.com/marketdesk/
updaterCacheDirName: marketdesk-updater
publisherName:
  - Marketdesk Ltd
`;

describe('readInstallerUpdateConfig', () => {
  it('reads a generic https feed and a publisher written as a list', () => {
    expect(readInstallerUpdateConfig(signedWindows)).toEqual({ provider: 'generic', url: 'https://updates.example.com/marketdesk/', publisherNamed: true });
    expect(readInstallerUpdateConfig("provider: generic\nurl: 'https://u.example.com/'\npublisherName: Marketdesk Ltd\n")).toEqual({ provider: 'generic', url: 'https://u.example.com/', publisherNamed: true });
  });

  it('counts a generic feed over http as no feed, and a missing publisher as no verification', () => {
    expect(readInstallerUpdateConfig('provider: generic\nurl: http://updates.example.com/\nupdaterCacheDirName: x\n')).toEqual({ provider: null, url: null, publisherNamed: false });
    expect(readInstallerUpdateConfig('provider: github\nowner: o\nrepo: r\n')).toEqual({ provider: 'github', url: null, publisherNamed: false });
    expect(readInstallerUpdateConfig('')).toEqual({ provider: null, url: null, publisherNamed: false });
    // An empty list is no publisher.
    expect(readInstallerUpdateConfig('provider: generic\nurl: https://u.example.com/\npublisherName:\nupdaterCacheDirName: x\n').publisherNamed).toBe(false);
  });
});

describe('updateVerificationFor', () => {
  const config = readInstallerUpdateConfig(signedWindows);
  it('says what proves an update genuine on each platform, and nothing for an unsigned Windows build', () => {
    expect(updateVerificationFor('win32', config)).toBe('publisher-signature');
    expect(updateVerificationFor('win32', { ...config, publisherNamed: false })).toBeNull();
    expect(updateVerificationFor('win32', null)).toBeNull();
    expect(updateVerificationFor('darwin', config)).toBe('developer-signature');
    expect(updateVerificationFor('linux', config)).toBe('checksum-only');
  });
});
