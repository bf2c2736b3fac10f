/**
 * The pure parts of the perps views: amount checks, the send form's rules, the
 * transfer history's filter form and proxy states.
 */
import { describe, expect, it } from 'vitest';
import type { PerpsAssetView } from '../../../src/shared/perpsViews';
import { amountProblem } from '../../../src/renderer/lib/perpsAmounts';
import { defaultAsset, toDraft, TYPED_RECIPIENT, type SendForm } from '../../../src/renderer/views/transfers/transferDraft';
import { EMPTY_TRANSFER_FORM, toTransferFilter } from '../../../src/renderer/views/transfers/transferFilterModel';

const asset = (name: string, decimals: number): PerpsAssetView => ({ asset: name, address: `0x${'1'.repeat(40)}`, decimals, collateralRatio: '1', withdrawalFee: '1' });
const ASSETS = [asset('WETH', 18), asset('USDC', 6)];
const ALPHA = `0x${'a'.repeat(40)}`;
const BETA = `0x${'b'.repeat(40)}`;
const CONTEXT = { fromAccountId: 'alpha', fromAddress: ALPHA, ownAccounts: [{ id: 'beta', address: BETA }], assets: ASSETS };
const FORM: SendForm = { recipient: 'beta', typedAddress: '', asset: 'USDC', amount: '25', label: '' };

describe('perps amounts', () => {
  it('takes plain decimals within the asset decimals and names what is wrong otherwise', () => {
    expect(amountProblem('25', 6, 'USDC')).toBeNull();
    expect(amountProblem('0.000001', 6, 'USDC')).toBeNull();
    expect(amountProblem('', 6, 'USDC')).toBe('Enter an amount.');
    expect(amountProblem('1e3', 6, 'USDC')).toMatch(/plain decimal/);
    expect(amountProblem('-1', 6, 'USDC')).toMatch(/plain decimal/);
    expect(amountProblem('1.1234567', 6, 'USDC')).toBe('USDC has 6 decimals: the amount has 7.');
    expect(amountProblem('0.000', 6, 'USDC')).toBe('The amount must be more than zero.');
    expect(amountProblem('1234567890123456', 6, 'USDC')).toBe('The amount is too large.');
  });
});

describe('send form', () => {
  it('builds the draft for an own account, trimming the amount and dropping an empty label', () => {
    expect(toDraft({ ...FORM, amount: ' 25 ' }, CONTEXT)).toEqual({ draft: { fromAccountId: 'alpha', to: BETA, asset: 'USDC', amount: '25' } });
    expect(toDraft({ ...FORM, label: ' rent ' }, CONTEXT)).toEqual({ draft: { fromAccountId: 'alpha', to: BETA, asset: 'USDC', amount: '25', label: 'rent' } });
  });

  it('takes a typed address and refuses a malformed one or the sender itself', () => {
    const other = `0x${'c'.repeat(40)}`;
    expect(toDraft({ ...FORM, recipient: TYPED_RECIPIENT, typedAddress: other }, CONTEXT)).toMatchObject({ draft: { to: other } });
    expect(toDraft({ ...FORM, recipient: TYPED_RECIPIENT, typedAddress: '0x12' }, CONTEXT)).toEqual({ problems: { recipient: 'An address is 0x followed by 40 hex digits.' } });
    expect(toDraft({ ...FORM, recipient: TYPED_RECIPIENT, typedAddress: ALPHA.toUpperCase().replace('0X', '0x') }, CONTEXT)).toEqual({
      problems: { recipient: 'That is the sending account itself: choose another recipient.' },
    });
  });

  it('names every problem at once: asset, amount, label', () => {
    const outcome = toDraft({ ...FORM, asset: 'DOGE', label: 'x'.repeat(61) }, CONTEXT);
    expect(outcome).toEqual({ problems: { asset: 'Choose an asset the exchange takes as collateral.', label: 'A label is at most 60 characters.' } });
    expect(toDraft({ ...FORM, asset: 'WETH', amount: '0.1234567890123456789' }, CONTEXT)).toEqual({ problems: { amount: 'WETH has 18 decimals: the amount has 19.' } });
  });

  it('starts with USDC when the exchange lists it', () => {
    expect(defaultAsset(ASSETS)).toBe('USDC');
    expect(defaultAsset([asset('WETH', 18)])).toBe('WETH');
    expect(defaultAsset([])).toBe('');
  });
});

describe('transfer history filter', () => {
  it('sends nothing for the empty form and whole UTC days for the date range', () => {
    expect(toTransferFilter(EMPTY_TRANSFER_FORM)).toEqual({ filter: {} });
    expect(toTransferFilter({ ...EMPTY_TRANSFER_FORM, direction: 'in', asset: 'USDC', text: ' rent ', from: '2026-11-01', to: '2026-11-02' })).toEqual({
      filter: { direction: 'in', asset: 'USDC', text: 'rent', fromMs: Date.UTC(2026, 10, 1), toMs: Date.UTC(2026, 10, 3) - 1 },
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(toTransferFilter({ ...EMPTY_TRANSFER_FORM, from: '2026-11-02', to: '2026-11-01' })).toEqual({ problem: 'The date range starts after it ends.' });
  });
});
