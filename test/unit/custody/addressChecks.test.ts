/** Typed addresses: EIP-55 checksums are checked, never silently re-cased (issue 11, defect 7). */
import { describe, expect, it } from 'vitest';
import { addressProblem } from '../../../src/main/core/custody';

// EIP-55's own test vector, and the same address with one letter's case flipped.
const CHECKSUMMED = '0x52908400098527886E0F7030069857D2E4169EE7';
const MISTYPED = '0x52908400098527886e0F7030069857D2E4169EE7';

describe('addressProblem', () => {
  it('takes a correctly checksummed address, and all-lowercase or all-uppercase ones (no checksum)', () => {
    expect(addressProblem(CHECKSUMMED, 'The watched address')).toBeNull();
    expect(addressProblem(CHECKSUMMED.toLowerCase(), 'The watched address')).toBeNull();
    expect(addressProblem(`0x${CHECKSUMMED.slice(2).toUpperCase()}`, 'The watched address')).toBeNull();
  });

  it('refuses a wrong checksum, naming the field and the reason', () => {
    expect(addressProblem(MISTYPED, 'The watched address')).toMatch(/^The watched address has a wrong checksum \(EIP-55\).*mistyped/);
  });

  it('refuses what is not an address at all', () => {
    expect(addressProblem('0x1234', 'The funder address')).toMatch(/^The funder address is not an address/);
  });
});
