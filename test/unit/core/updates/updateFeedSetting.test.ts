/**
 * The feed in settings.json: set only by editing the file by hand (no bridge channel writes it, so
 * a compromised renderer cannot choose the code installed at the next restart), and a value that
 * is not a plain https address is not used.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSettings } from '../../../../src/main/core/settings/settingsStore';
import { bridgeChannels, channelNames } from '../../../../src/shared/contract';

const dirs: string[] = [];
const folderWith = (settings: object) => {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-update-feed-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings));
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the updateFeedUrl setting', () => {
  it('reads an https address back, and none for a missing, http or credential-carrying one', () => {
    expect(openSettings(folderWith({})).get('updateFeedUrl')).toBeNull();
    expect(openSettings(folderWith({ updateFeedUrl: 'https://updates.example.com/md/' })).get('updateFeedUrl')).toBe('https://updates.example.com/md/');
    expect(openSettings(folderWith({ updateFeedUrl: 'http://updates.example.com/md/' })).get('updateFeedUrl')).toBeNull();
    expect(openSettings(folderWith({ updateFeedUrl: 'https://u:p@updates.example.com/' })).get('updateFeedUrl')).toBeNull();
    expect(openSettings(folderWith({ updateFeedUrl: 42 })).get('updateFeedUrl')).toBeNull();
  });

  it('is read from the file as edited, next to the other settings', () => {
    const dir = folderWith({ updateFeedUrl: 'https://mirror.example.com/', watchlists: {} });
    expect(openSettings(dir).get('updateFeedUrl')).toBe('https://mirror.example.com/');
  });

  it('cannot be set over the bridge: no channel names the feed or takes an address for it', () => {
    expect(channelNames).not.toContain('setUpdateFeed');
    expect(channelNames.filter((name) => /feed/i.test(name))).toEqual([]);
    const updateChannels = channelNames.filter((name) => /update/i.test(name) && !/order|book|balance/i.test(name));
    for (const name of updateChannels) {
      const input = bridgeChannels[name].input;
      expect(input.safeParse({ url: 'https://evil.example.com/' }).success, name).toBe(false);
    }
  });
});
