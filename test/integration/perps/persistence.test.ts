/**
 * A restarted sandbox on the same state file keeps the perps accounts' paper side: balances,
 * positions, settled transfers (and their salts), funding records, the event log that equity
 * replays, and invite use (the 24 h rate included).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PERPS_ROUTES, type PerpsEquityPoint, type PerpsFundingRecord, type PerpsList, type PerpsTransferRecord } from '../../../src/shared/protocol/perps';
import { HOUR_MS, PerpsHarness, T0 } from './perpsHarness';

let dir: string;
let stateFile: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'md-perps-restart-'));
  stateFile = join(dir, 'state.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a restarted sandbox on the same stateFile', () => {
  it('keeps balances, positions, transfers, funding, equity history and invite use', async () => {
    const first = await PerpsHarness.start({ stateFile }, T0 + 60_000);
    const alice = await first.account();
    const bob = await first.account();
    await first.faucet(alice.owner.address, 'USDC', '1000');
    await first.faucet(alice.owner.address, 'WETH', '0.5');
    await first.position(alice.owner.address, 1, '0.2');
    const body = await first.transferBody(alice, bob.owner.address, 'USDC', '100', { label: 'saved' });
    const sent = await first.transfer(body);
    expect(sent.status).toBe(200);
    const code = (await first.send<{ code: string }>('POST', PERPS_ROUTES.invite.path, {}, alice)).body.code;
    for (let i = 0; i < 3; i += 1) expect((await first.send('POST', PERPS_ROUTES.applyReferral.path, { code }, await first.account())).status).toBe(200);
    first.clock = T0 + 3 * HOUR_MS + 60_000;
    const funding = (await first.get<PerpsList<PerpsFundingRecord>>(PERPS_ROUTES.funding.path, alice)).body;
    const equity = (await first.get<PerpsList<PerpsEquityPoint>>(`${PERPS_ROUTES.equity.path}?interval=1m`, alice)).body;
    const transfers = (await first.get<PerpsList<PerpsTransferRecord>>(PERPS_ROUTES.transfers.path, bob)).body;
    const snapshot = await first.snapshot(alice.owner.address);
    const invite = (await first.send('POST', PERPS_ROUTES.invite.path, {}, alice)).body;
    expect(funding.data).toHaveLength(3);
    expect(invite.cooldown_ms).toBeGreaterThan(0);
    await first.stop();
    expect(await readFile(stateFile, 'utf8')).not.toContain(alice.secret);

    const second = await PerpsHarness.start({ stateFile }, first.clock);
    try {
      expect((await second.get(PERPS_ROUTES.funding.path, alice)).body).toEqual(funding);
      expect((await second.get(`${PERPS_ROUTES.equity.path}?interval=1m`, alice)).body).toEqual(equity);
      expect((await second.get(PERPS_ROUTES.transfers.path, bob)).body).toEqual(transfers);
      expect(await second.snapshot(alice.owner.address)).toEqual(snapshot);
      expect((await second.send('POST', PERPS_ROUTES.invite.path, {}, alice)).body).toEqual(invite);
      // The settled op is still known by its salt, and ids go on from where they were.
      expect(await second.transfer(body)).toMatchObject({ status: 400, body: { error: 'duplicate_salt', transfer_id: sent.body.transfer_id } });
      const next = await second.transfer(await second.transferBody(alice, bob.owner.address, 'USDC', '1'));
      expect(next.body.transfer_id).toBe(sent.body.transfer_id! + 1);
    } finally {
      await second.stop();
    }
  });
});
