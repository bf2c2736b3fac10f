/**
 * The perps admin routes' input checks and effects, and the 500 shape of the perps server
 * (a real loopback server with the perps error family and a route that throws).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenService } from '../../../src/sandbox/http/jsonServer';
import { Router } from '../../../src/sandbox/http/router';
import { perpsServiceErrors } from '../../../src/sandbox/perps/perpsServiceErrors';
import { request } from '../sandbox/http';
import { ERR, newSigner, PerpsHarness } from './perpsHarness';

let h: PerpsHarness;
beforeAll(async () => {
  h = await PerpsHarness.start();
});
afterAll(async () => {
  await h?.stop();
});

const faucet = (body: unknown) => h.send('POST', '/sandbox/perps/faucet', body);
const position = (body: unknown) => h.send('POST', '/sandbox/perps/position', body);

describe('POST /sandbox/perps/faucet', () => {
  it('credits paper collateral in base units and opens the account', async () => {
    const address = newSigner().address;
    const snapshot = await h.faucet(address, 'WETH', '1.5');
    expect(snapshot.balances).toContainEqual({ asset: 'WETH', amount: '1500000000000000000', decimals: 18 });
    expect(Number(snapshot.free_collateral)).toBeCloseTo(0.85 * Number(snapshot.equity), 4);
    expect(await h.balance(address, 'WETH')).toBe(1_500_000_000_000_000_000n);
  });

  it.each([
    [{ address: 'nope', asset: 'USDC', amount: '1' }, /^invalid_request: address/],
    [{ address: newSigner().address, asset: 'DOGE', amount: '1' }, /^unknown_asset: asset must be one of USDC, USDT, WETH/],
    [{ address: newSigner().address, asset: 'USDC', amount: '1.0000001' }, /^invalid_request: amount has more than 6 decimals/],
    [{ address: newSigner().address, asset: 'USDC', amount: '0' }, /^invalid_request: amount must be greater than 0/],
    [{ address: newSigner().address, asset: 'USDC', amount: '1000001' }, /^invalid_request: amount must be at most 1000000/],
    [{ address: newSigner().address, asset: 'USDC', amount: '1', extra: true }, /^invalid_request: unexpected field extra/],
  ])('refuses %j naming the problem', async (body, error) => {
    const res = await faucet(body);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('err');
    expect(res.body.error).toMatch(error);
  });
});

describe('POST /sandbox/perps/position', () => {
  it('opens at the mark, and closing realises the P&L into USDC', async () => {
    const address = newSigner().address;
    await h.faucet(address, 'USDC', '1000');
    const opened = await h.position(address, 1, '-0.25');
    expect(opened.positions).toEqual([expect.objectContaining({ instrument_id: 1, size: '-0.25', unrealised_pnl: '0' })]);
    expect(opened.positions[0]!.entry_price).toBe(opened.positions[0]!.mark_price);
    h.clock += 6 * 3_600_000;
    const before = await h.snapshot(address);
    const pnl = Number(before.positions[0]!.unrealised_pnl);
    expect(pnl).not.toBe(0);
    const usdcBefore = await h.balance(address, 'USDC');
    const closed = await h.position(address, 1, '0');
    expect(closed.positions).toEqual([]);
    expect(Number(await h.balance(address, 'USDC') - usdcBefore) / 1e6).toBeCloseTo(pnl, 5);
  });

  it.each([
    [{ address: newSigner().address, instrument_id: 42, size: '1' }, /^unknown_instrument$/],
    [{ address: newSigner().address, instrument_id: '1', size: '1' }, /^invalid_request: instrument_id/],
    [{ address: newSigner().address, instrument_id: 1, size: 'big' }, /^invalid_request: size/],
    [{ address: 'x', instrument_id: 1, size: '1' }, /^invalid_request: address/],
  ])('refuses %j naming the problem', async (body, error) => {
    const res = await position(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(error);
  });
});

describe('500', () => {
  it('answers {status:"err", error:"internal_error"} and never the exception text', async () => {
    const router = new Router().on('GET', '/v1/boom', () => {
      throw new Error('secret-detail-123');
    });
    const server = await listenService({ name: 'perps-500', router, errors: perpsServiceErrors }, '127.0.0.1', 0);
    try {
      const res = await request(`${server.url}/v1/boom`);
      expect(res).toMatchObject({ status: 500, body: ERR('internal_error') });
      expect(res.text).not.toContain('secret-detail-123');
    } finally {
      await server.close();
    }
  });
});
