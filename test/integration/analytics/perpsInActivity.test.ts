/**
 * "One world" across the perps exchange and the analytics service, over HTTP against a running
 * sandbox: a perps faucet credit is a DEPOSIT row of the credited wallet and a settled internal
 * transfer is a TIP row on each side (OUT for the sender, IN for the recipient), in the same
 * feed as the wallet's order-book fills, in the order they happened, and still there with the
 * same sequence ids after a restart on the same state file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';
import { PerpsHarness, type ProxyCredentials } from '../perps/perpsHarness';
import { bookTop, faucet, KEYS, liveMarket, Trader } from '../sandbox/tradingClient';
import { v2, walk, type Page } from './v2Client';

/** Every row of the wallet's feed, oldest first: all types, deposits included, full history. */
async function everything(base: string, user: string): Promise<ActivityRow[]> {
  return (await walk<ActivityRow>(base, 'activity', {
    user, type: 'TRADE,DEPOSIT,WITHDRAWAL,TIP', exclude_deposits_withdrawals: false, start: 1, sort_direction: 'ASC', limit: 50,
  })).rows;
}

describe('perps money movements in /v2/activity', () => {
  let h: PerpsHarness;
  let base: string;
  let alice: ProxyCredentials;
  let bob: ProxyCredentials;
  let transferId: number;

  beforeAll(async () => {
    h = await PerpsHarness.start({}, Date.now());
    base = h.sandbox.urls.analytics;
    alice = await h.account();
    bob = await h.account();
    await h.faucet(alice.owner.address, 'USDC', '250');
    const sent = await h.transfer(await h.transferBody(alice, bob.owner.address, 'USDC', '40.5'));
    expect(sent.status, sent.text).toBe(200);
    transferId = sent.body.transfer_id!;
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('a faucet credit is a DEPOSIT row worth its USD value, hidden by the default filters', async () => {
    const user = alice.owner.address.toLowerCase();
    const rows = (await v2<Page<ActivityRow>>(base, 'activity', { user, type: 'DEPOSIT', start: 1 })).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      proxy_wallet: user, type: 'DEPOSIT', size: 250, size_usdc: 250, price: null, side: null, counterparty: null,
      condition_id: null, market_id: null, title: null, outcome_index: null,
    });
    expect(rows[0]!.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // Deposits are excluded unless asked for, TIP only when named: the default feed is empty.
    expect((await v2<Page<ActivityRow>>(base, 'activity', { user, start: 1 })).body.data).toEqual([]);
  });

  it('an internal transfer is a TIP row on each side, sharing one transaction hash', async () => {
    const from = alice.owner.address.toLowerCase();
    const to = bob.owner.address.toLowerCase();
    const out = (await v2<Page<ActivityRow>>(base, 'activity', { user: from, type: 'TIP', start: 1 })).body.data;
    const inbound = (await v2<Page<ActivityRow>>(base, 'activity', { user: to, type: 'TIP', start: 1 })).body.data;
    expect(out).toHaveLength(1);
    expect(inbound).toHaveLength(1);
    expect(out[0]).toMatchObject({ proxy_wallet: from, type: 'TIP', side: 'OUT', size: 40.5, size_usdc: 40.5, counterparty: to });
    expect(inbound[0]).toMatchObject({ proxy_wallet: to, type: 'TIP', side: 'IN', size: 40.5, size_usdc: 40.5, counterparty: from });
    expect(inbound[0]!.transaction_hash).toBe(out[0]!.transaction_hash);
    expect(transferId).toBeGreaterThan(0);
  });

  it('a WETH transfer is valued at the ETH mark, not 1:1', async () => {
    const carol = await h.account();
    await h.faucet(carol.owner.address, 'WETH', '1');
    const sent = await h.transfer(await h.transferBody(carol, bob.owner.address, 'WETH', '0.5'));
    expect(sent.status, sent.text).toBe(200);
    const rows = await everything(base, carol.owner.address.toLowerCase());
    expect(rows.map((r) => [r.type, r.side])).toEqual([['DEPOSIT', null], ['TIP', 'OUT']]);
    const [deposit, tip] = rows as [ActivityRow, ActivityRow];
    expect(deposit.size!).toBeGreaterThan(100);
    // Half the credited ether, at the same clock: half the deposit's value.
    expect(tip.size!).toBeCloseTo(deposit.size! / 2, 4);
  });

  it('order-book fills and perps movements of one wallet share one feed, in the order they happened', async () => {
    const key = KEYS[4];
    const owner = privateKeyToAccount(key);
    const trader = await Trader.open(h.sandbox.urls.clob, key);
    const perps = await h.account({ owner });
    const user = owner.address.toLowerCase();
    await faucet(h.sandbox.urls.clob, trader.address, '1000');
    const market = liveMarket(7, (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.minOrderSize === 5, 3);
    const top = await bookTop(h.sandbox.urls.clob, market.market.tokenIds[0]);
    const buy = await trader.order({ tokenId: market.market.tokenIds[0], side: 'BUY', pips: top.ask, cents: 500 }, 'FOK');
    expect(buy.status, buy.text).toBe(200);
    h.clock = Date.now() + 1_000;
    await h.faucet(user, 'USDC', '30');
    h.clock += 1_000;
    expect((await h.transfer(await h.transferBody(perps, alice.owner.address, 'USDC', '12'))).status).toBe(200);

    const rows = await everything(base, user);
    expect(rows.map((r) => [r.type, r.side])).toEqual([['TRADE', 'BUY'], ['DEPOSIT', null], ['TIP', 'OUT']]);
    expect(rows.map((r) => r.sequence_id)).toEqual([1, 2, 3]);
    expect(rows[0]).toMatchObject({ condition_id: market.market.conditionId, size: 5 });
    // The recipient's feed got the other side, after what it had already.
    const aliceRows = await everything(base, alice.owner.address.toLowerCase());
    expect(aliceRows.at(-1)).toMatchObject({ type: 'TIP', side: 'IN', size: 12, counterparty: user });
    // Neither is a trade: positions and trades stay the fill's alone.
    const trades = (await v2<Page<{ side: string }>>(base, 'trades', { user })).body.data;
    expect(trades.map((t) => t.side)).toEqual(['BUY']);
  });
});

describe('perps movements in the feed after a restart on the same state file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'md-perps-activity-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the deposit and transfer rows with their sequence ids and hashes', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await PerpsHarness.start({ stateFile }, Date.now());
    const alice = await first.account();
    const bob = await first.account();
    await first.faucet(alice.owner.address, 'USDC', '100');
    first.clock += 1_000;
    expect((await first.transfer(await first.transferBody(alice, bob.owner.address, 'USDC', '7'))).status).toBe(200);
    const user = alice.owner.address.toLowerCase();
    const before = await everything(first.sandbox.urls.analytics, user);
    expect(before.map((r) => [r.type, r.side, r.size])).toEqual([['DEPOSIT', null, 100], ['TIP', 'OUT', 7]]);
    await first.stop();

    const second = await PerpsHarness.start({ stateFile }, first.clock);
    try {
      expect(await everything(second.sandbox.urls.analytics, user)).toEqual(before);
      // A new credit after the restart lands after them.
      await second.faucet(user, 'USDC', '1');
      expect((await everything(second.sandbox.urls.analytics, user)).map((r) => r.sequence_id)).toEqual([1, 2, 3]);
    } finally {
      await second.stop();
    }
  });
});
