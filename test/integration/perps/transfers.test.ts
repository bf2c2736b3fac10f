/**
 * Internal transfers signed by proxy keys: every refusal leaves both balances unchanged, a resent
 * settled op answers duplicate_salt with its original transfer_id, margin is checked against
 * free collateral, and concurrent transfers from one account never overdraw it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, newSigner, PerpsHarness, type ProxyCredentials } from './perpsHarness';

let h: PerpsHarness;
beforeAll(async () => {
  h = await PerpsHarness.start();
});
afterAll(async () => {
  await h?.stop();
});

/** A funded sender and an empty recipient. */
async function pair(usdc = '100'): Promise<{ from: ProxyCredentials; to: ProxyCredentials }> {
  const from = await h.account();
  const to = await h.account();
  await h.faucet(from.owner.address, 'USDC', usdc);
  return { from, to };
}

async function expectUnchanged(from: ProxyCredentials, to: ProxyCredentials, run: () => Promise<void>) {
  const before = [await h.balance(from.owner.address, 'USDC'), await h.balance(to.owner.address, 'USDC')];
  await run();
  expect([await h.balance(from.owner.address, 'USDC'), await h.balance(to.owner.address, 'USDC')]).toEqual(before);
}

describe('a settled transfer', () => {
  it('debits the sender, credits the recipient, and answers increasing transfer ids', async () => {
    const { from, to } = await pair();
    const first = await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '10'));
    const second = await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '0.000001'));
    expect(first).toMatchObject({ status: 200, body: { status: 'ok', transfer_id: expect.any(Number) } });
    expect(Object.keys(first.body).sort()).toEqual(['status', 'transfer_id']);
    expect(second.body.transfer_id).toBeGreaterThan(first.body.transfer_id!);
    expect(await h.balance(from.owner.address, 'USDC')).toBe(89_999_999n);
    expect(await h.balance(to.owner.address, 'USDC')).toBe(10_000_001n);
  });

  it('opens an account for a recipient the exchange has never seen', async () => {
    const { from } = await pair();
    const stranger = newSigner().address;
    expect((await h.get(`/sandbox/perps/account?address=${stranger}`)).body).toEqual(ERR('unknown_account'));
    expect((await h.transfer(await h.transferBody(from, stranger, 'USDC', '1'))).status).toBe(200);
    expect(await h.balance(stranger, 'USDC')).toBe(1_000_000n);
  });

  it('moves an 18-decimal asset to the last wei, and refuses more decimals than the asset has', async () => {
    const from = await h.account();
    const to = await h.account();
    await h.faucet(from.owner.address, 'WETH', '2');
    expect((await h.transfer(await h.transferBody(from, to.owner.address, 'WETH', '0.000000000000000001'))).status).toBe(200);
    expect(await h.balance(to.owner.address, 'WETH')).toBe(1n);
    const tooFine = await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '0.0000001'));
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.error).toBe('invalid_args: amount has more than 6 decimals');
  });

  it('answers a resent settled op with 400 duplicate_salt and the original transfer_id, moving nothing again', async () => {
    const { from, to } = await pair();
    const body = await h.transferBody(from, to.owner.address, 'USDC', '5');
    const settled = await h.transfer(body);
    expect(settled.status).toBe(200);
    await expectUnchanged(from, to, async () => {
      const again = await h.transfer(body);
      expect(again).toMatchObject({ status: 400, body: { status: 'err', error: 'duplicate_salt', transfer_id: settled.body.transfer_id } });
      expect(Object.keys(again.body).sort()).toEqual(['error', 'status', 'transfer_id']);
      // Resent after the ts window closed: still the id, so a client that lost the answer learns it.
      h.clock += 10 * 60_000;
      try {
        expect((await h.transfer(body)).body).toEqual({ status: 'err', error: 'duplicate_salt', transfer_id: settled.body.transfer_id });
      } finally {
        h.clock -= 10 * 60_000;
      }
    });
  });

  it('refuses a transfer to the sender itself (invalid_args) and an unknown token (unknown_asset)', async () => {
    const { from, to } = await pair();
    await expectUnchanged(from, to, async () => {
      const self = await h.transfer(await h.transferBody(from, from.owner.address, 'USDC', '1'));
      expect(self).toMatchObject({ status: 400, body: ERR('invalid_args: to must differ from account') });
      const body = await h.signedOp(from.proxyKey, 'internalTransfer', { account: from.owner.address, token: newSigner().address, amount: '1', to: to.owner.address });
      expect(await h.transfer(body)).toMatchObject({ status: 400, body: ERR('unknown_asset') });
    });
  });
});

describe('refused signed transfers change nothing', () => {
  it('signed by a deleted proxy: 401 invalid_signature', async () => {
    const { from, to } = await pair();
    const del = await h.signedOp(from.owner, 'deleteProxy', { proxy: from.proxy });
    expect((await h.send('DELETE', '/v1/account/proxy', del)).status).toBe(200);
    await expectUnchanged(from, to, async () => {
      expect(await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '1'))).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    });
  });

  it('signed by an expired proxy: 401 proxy_expired', async () => {
    const from = await h.account({ expiryMs: h.clock + 60_000 });
    const to = await h.account();
    await h.faucet(from.owner.address, 'USDC', '100');
    h.clock += 120_000;
    try {
      await expectUnchanged(from, to, async () => {
        expect(await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '1'))).toMatchObject({ status: 401, body: ERR('proxy_expired') });
      });
    } finally {
      h.clock -= 120_000;
    }
  });

  it('signed by the owner instead of the proxy: 401 invalid_signature', async () => {
    const { from, to } = await pair();
    await expectUnchanged(from, to, async () => {
      const body = await h.transferBody(from, to.owner.address, 'USDC', '1', { signer: from.owner });
      expect(await h.transfer(body)).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    });
  });

  it('signed by another account\'s proxy: 401 invalid_signature', async () => {
    const { from, to } = await pair();
    await expectUnchanged(from, to, async () => {
      const body = await h.transferBody(from, to.owner.address, 'USDC', '1', { signer: to.proxyKey });
      expect(await h.transfer(body)).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    });
  });

  it('with a reused salt on a different op: 400 duplicate_salt (with the first op\'s transfer_id)', async () => {
    const { from, to } = await pair();
    const first = await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '1', { salt: 424_242 }));
    expect(first.status).toBe(200);
    await expectUnchanged(from, to, async () => {
      const reused = await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '2', { salt: 424_242 }));
      expect(reused).toMatchObject({ status: 400, body: { status: 'err', error: 'duplicate_salt', transfer_id: first.body.transfer_id } });
    });
  });

  it('with a stale ts: 400 invalid_ts', async () => {
    const { from, to } = await pair();
    await expectUnchanged(from, to, async () => {
      const stale = await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '1', { ts: h.clock - 10 * 60_000 }));
      expect(stale.status).toBe(400);
      expect(stale.body.error).toMatch(/^invalid_ts: /);
    });
  });

  it('with a tampered amount: 401 invalid_signature', async () => {
    const { from, to } = await pair();
    await expectUnchanged(from, to, async () => {
      const body = await h.transferBody(from, to.owner.address, 'USDC', '1');
      const tampered = { ...body, op: { ...body.op, args: { ...body.op.args, amount: '90' } } };
      expect(await h.transfer(tampered)).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    });
  });

  it('larger than the free collateral: 400 insufficient_margin', async () => {
    const { from, to } = await pair('100');
    await expectUnchanged(from, to, async () => {
      expect(await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '100.000001'))).toMatchObject({ status: 400, body: ERR('insufficient_margin') });
    });
    // A position's initial margin (10 % of |size| · mark) comes off the free collateral too.
    const snapshot = await h.position(from.owner.address, 3, '2');
    const margin = 0.1 * 2 * Number(snapshot.positions[0]!.mark_price);
    expect(Number(snapshot.free_collateral)).toBeCloseTo(100 - margin, 4);
    await expectUnchanged(from, to, async () => {
      expect(await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', '99'))).toMatchObject({ status: 400, body: ERR('insufficient_margin') });
    });
    expect((await h.transfer(await h.transferBody(from, to.owner.address, 'USDC', (100 - margin - 0.01).toFixed(2)))).status).toBe(200);
  });
});

describe('the transfer history', () => {
  it('caps a page at 500 (ours), newest first, never inside a millisecond, and walks back by end_time', async () => {
    const { from, to } = await pair('1000');
    const ids: number[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      // A new millisecond per batch, so the walk has timestamps to step over.
      h.clock += 1;
      const count = batch < 5 ? 100 : 1;
      const bodies = await Promise.all(Array.from({ length: count }, () => h.transferBody(from, to.owner.address, 'USDC', '0.01')));
      const answers = await Promise.all(bodies.map((body) => h.transfer(body)));
      for (const answer of answers) ids.push(answer.body.transfer_id!);
    }
    expect(ids).toHaveLength(501);
    const page = await h.get<{ data: Array<{ transfer_id: number; created_timestamp: number }>; more: boolean }>('/v1/account/internal-transfers?limit=100000', to);
    // 500 would end inside the oldest batch's millisecond: the page stops before it (401 rows).
    expect(page.body.data).toHaveLength(401);
    expect(page.body.more).toBe(true);
    const listed = page.body.data.map((r) => r.transfer_id);
    expect(listed).toEqual([...ids].sort((a, b) => b - a).slice(0, 401));
    const oldest = page.body.data.at(-1)!.created_timestamp;
    const rest = await h.get<{ data: Array<{ transfer_id: number }>; more: boolean }>(`/v1/account/internal-transfers?end_time=${oldest}`, to);
    const fresh = rest.body.data.map((r) => r.transfer_id).filter((id) => !listed.includes(id));
    expect([...listed, ...fresh].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('concurrency', () => {
  it('20 concurrent transfers from one account never overdraw it', async () => {
    const { from, to } = await pair('50');
    const bodies = await Promise.all(Array.from({ length: 20 }, () => h.transferBody(from, to.owner.address, 'USDC', '7')));
    const answers = await Promise.all(bodies.map((body) => h.transfer(body)));
    const settled = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(settled).toHaveLength(7);
    expect(refused.every((a) => a.status === 400 && a.body.error === 'insufficient_margin')).toBe(true);
    expect(new Set(settled.map((a) => a.body.transfer_id)).size).toBe(7);
    expect(await h.balance(from.owner.address, 'USDC')).toBe(1_000_000n);
    expect(await h.balance(to.owner.address, 'USDC')).toBe(49_000_000n);
  });
});
