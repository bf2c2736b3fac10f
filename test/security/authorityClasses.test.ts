/**
 * Issue 19, the contract: every channel declares its authority class, and every channel of class
 * `confirm` has main's question in front of it (a gate around its handler, or its service's own
 * question). The compiler already refuses a missing class or gate; this holds the lists to the
 * contract at run time, so a list cannot name a channel of another class either.
 */
import { describe, expect, it } from 'vitest';
import { channelNames } from '../../src/shared/contract';
import { AUTHORITY_CLASSES, AUTHORITY_CLASS_MEANING, channelAuthority } from '../../src/shared/channelAuthority';
import { CONFIRMED_IN_SERVICE, everyConfirmChannelIsGated, NETWORK_GATED_CHANNELS, SHARED_GATED_CHANNELS } from '../../src/main/core/authority/gatedChannels';

describe('authority classes of the bridge channels', () => {
  it('gives every channel exactly one known class, and says what each class means', () => {
    expect(Object.keys(channelAuthority).sort()).toEqual([...channelNames].sort());
    for (const channel of channelNames) expect(AUTHORITY_CLASSES).toContain(channelAuthority[channel]);
    for (const cls of AUTHORITY_CLASSES) expect(AUTHORITY_CLASS_MEANING[cls].length).toBeGreaterThan(20);
  });

  it('puts main’s question in front of every `confirm` channel and of no other', () => {
    expect(everyConfirmChannelIsGated).toBe(true);
    const gated = [...SHARED_GATED_CHANNELS, ...NETWORK_GATED_CHANNELS, ...Object.keys(CONFIRMED_IN_SERVICE)];
    const confirmChannels = channelNames.filter((channel) => channelAuthority[channel] === 'confirm');
    expect([...gated].sort()).toEqual([...confirmChannels].sort());
    expect(new Set(gated).size).toBe(gated.length);
  });

  it('classes what moves value or lowers a guardrail as it is, never as a read', () => {
    // The operations the review drove from a script in the page: each must be gated or trade-checked.
    for (const channel of ['setConfirmOrders', 'createPerpsProxy', 'rotatePerpsProxy', 'sendPerpsTransfer', 'createClobCredentials', 'rotateClobCredentials', 'setAutoLockMinutes', 'setRememberOnDevice', 'importNetworkProfiles', 'saveNetworkProfile'] as const) {
      expect(channelAuthority[channel]).toBe('confirm');
    }
    for (const channel of ['placeOrder', 'placeOrders', 'amendOrder'] as const) expect(channelAuthority[channel]).toBe('trade');
    for (const channel of ['cancelOrder', 'cancelOrders', 'cancelMarketOrders', 'cancelAllOrders', 'lockVault', 'declineConfirmation', 'deleteClobCredentials', 'deletePerpsProxy'] as const) {
      expect(channelAuthority[channel]).toBe('reduce');
    }
    // No channel records an acknowledgement or a confirmation any more.
    expect(channelNames.some((channel) => /^acknowledge|^confirm/.test(channel))).toBe(false);
  });
});
