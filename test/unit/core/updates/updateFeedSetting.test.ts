/** The feed saved in Settings: a hand-edited value that is not a plain https address is not used. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSettings } from '../../../../src/main/core/settings/settingsStore';

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

  it('keeps what is saved', () => {
    const dir = folderWith({});
    openSettings(dir).set('updateFeedUrl', 'https://mirror.example.com/');
    expect(openSettings(dir).get('updateFeedUrl')).toBe('https://mirror.example.com/');
  });
});
