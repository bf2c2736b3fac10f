/** The Activity view's note for a sync a full or read-only disk refused. */
import { describe, expect, it } from 'vitest';
import { syncRetryText } from '../../../src/renderer/views/activity/syncRetryText';

const problem = 'The disk is full: the synced history could not be saved in the data folder /d. Everything saved before is kept; free some space on that disk and try again.';

describe('syncRetryText', () => {
  it('says the refusal, then when the sync tries again by itself, or that it stopped trying', () => {
    const retry = { problem, attempt: 2, maxAttempts: 12, nextRetryAt: 20_000 };
    expect(syncRetryText(retry, 11_200)).toBe(`${problem} The sync tries again by itself in 9 s (try 2 of 12).`);
    expect(syncRetryText(retry, 20_000)).toBe(`${problem} The sync is trying again (try 2 of 12)…`);
    expect(syncRetryText({ ...retry, attempt: 12, nextRetryAt: null }, 0)).toBe(`${problem} The sync stopped trying by itself after 12 tries; press Sync once there is room.`);
  });
});
