/** The perps faucet credits' state section: a round trip, and every malformed record named. */
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { PerpsDepositLog } from '../../../src/sandbox/world/perpsDeposits';
import { decodePerpsDeposits, perpsDepositsSection } from '../../../src/sandbox/world/perpsDepositsState';

/** Checksummed, as the faucet records it and the decoder answers it. */
const ADDRESS = getAddress('0x5a4d00000000000000000000000000000000a00a');
const record = (over: Record<string, unknown> = {}) => ({ id: 1, address: ADDRESS, asset: 'USDC', amount: '250000000', createdMs: 1_000, afterTransfer: 0, ...over });

describe('perpsDeposits state section', () => {
  it('round-trips the log through encode and decode', () => {
    const log = new PerpsDepositLog();
    log.record({ address: ADDRESS, asset: 'USDC', amount: 250_000_000n, createdMs: 1_000, afterTransfer: 0 });
    log.record({ address: ADDRESS, asset: 'WETH', amount: 10n ** 18n, createdMs: 2_000, afterTransfer: 3 });
    const stored = JSON.parse(JSON.stringify(perpsDepositsSection(log).encode())) as unknown;
    const restored = new PerpsDepositLog();
    perpsDepositsSection(restored).decode(stored)();
    expect(restored.snapshot()).toEqual(log.snapshot());
    expect(restored.count).toBe(2);
  });

  it.each([
    [[record({ id: 2 })], 'perpsDeposits[0].id must be 1'],
    [[record({ amount: '0' })], 'perpsDeposits[0].amount must be a string matching'],
    [[record({ amount: 12 })], 'perpsDeposits[0].amount must be a string matching'],
    [[record({ address: 'nope' })], 'perpsDeposits[0].address must be an address'],
    [[record({ afterTransfer: -1 })], 'perpsDeposits[0].afterTransfer must be a non-negative integer'],
    [{}, 'perpsDeposits must be an array'],
  ])('refuses %j', (stored, message) => {
    expect(() => decodePerpsDeposits(stored)).toThrow(message);
  });

  it('decodes without installing: a bad file leaves the log as it was', () => {
    const log = new PerpsDepositLog();
    log.record({ address: ADDRESS, asset: 'USDC', amount: 1n, createdMs: 5, afterTransfer: 0 });
    expect(() => perpsDepositsSection(log).decode([record(), record({ id: 3 })])).toThrow('perpsDeposits[1].id must be 2');
    expect(log.snapshot()).toEqual([{ id: 1, address: ADDRESS, asset: 'USDC', amount: 1n, createdMs: 5, afterTransfer: 0 }]);
  });
});
