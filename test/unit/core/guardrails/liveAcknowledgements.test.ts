/**
 * The first signed operation of each kind on a live network is refused until its explanation was
 * acknowledged, once per account per kind per network; the sandbox never asks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveAcknowledgements } from '../../../../src/main/core/guardrails/liveAcknowledgements';
import type { ActiveNetwork } from '../../../../src/main/core/network';
import { SANDBOX_PERPS_DOMAIN } from '../../../../src/main/core/network';
import { openSettings, type SettingsStore } from '../../../../src/main/core/settings/settingsStore';
import { LIVE_OPERATION_KINDS } from '../../../../src/shared/liveGuardrails';
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../../../src/shared/orders/orderSchema';
import { SANDBOX_PERPS_WEIGHT_BUDGET } from '../../../../src/shared/protocol/perps';

const networkOf = (id: string, label: string, isSandbox: boolean): ActiveNetwork => ({
  info: { id, label, isSandbox },
  urls: { clob: 'https://clob.example', catalog: 'https://catalog.example', analytics: 'https://data.example', perps: 'https://perps.example' },
  chainId: 137,
  contracts: PUBLIC_CHAIN_137_CONTRACTS,
  perpsDomain: SANDBOX_PERPS_DOMAIN,
  perpsWeightBudget: SANDBOX_PERPS_WEIGHT_BUDGET,
  perpsInstruments: [],
  stop: async () => {},
});
const SANDBOX = networkOf('sandbox', 'Sandbox', true);
const PRODUCTION = networkOf('production', 'Production', false);
const STAGING = networkOf('staging', 'Staging', false);

let dir: string;
let settings: SettingsStore;
let current: ActiveNetwork;
let gate: LiveAcknowledgements;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marketdesk-acks-'));
  settings = openSettings(dir);
  current = PRODUCTION;
  gate = new LiveAcknowledgements({ settings, network: () => current, now: () => 1_780_000_000_000 });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('live acknowledgements', () => {
  it('refuses each kind before its acknowledgement and allows it after', () => {
    for (const kind of LIVE_OPERATION_KINDS) {
      expect(() => gate.require('alpha', kind)).toThrow(expect.objectContaining({ code: 'acknowledgement_required' }));
    }
    expect(() => gate.require('alpha', 'order')).toThrow('Your first order on Production moves real money: read what it does and signs, then send it again. Nothing was signed or sent.');
    gate.acknowledge('alpha', 'order', 'production');
    expect(() => gate.require('alpha', 'order')).not.toThrow();
    expect(() => gate.require('alpha', 'cancelAll')).toThrow(expect.objectContaining({ code: 'acknowledgement_required' }));
  });

  it('keeps acknowledgements per account and per network, and stores each once', () => {
    gate.acknowledge('alpha', 'order', 'production');
    gate.acknowledge('alpha', 'order', 'production');
    expect(() => gate.require('beta', 'order')).toThrow(expect.objectContaining({ code: 'acknowledgement_required' }));
    current = STAGING;
    expect(() => gate.require('alpha', 'order')).toThrow(expect.objectContaining({ code: 'acknowledgement_required' }));
    expect(settings.get('liveAcknowledgements')).toEqual({ production: { alpha: { order: 1_780_000_000_000 } } });
    // Read back from disk by a new store: they survive a restart.
    expect(new LiveAcknowledgements({ settings: openSettings(dir), network: () => PRODUCTION }).isAcknowledged('alpha', 'order')).toBe(true);
  });

  it('never asks on the sandbox and stores nothing there', () => {
    current = SANDBOX;
    for (const kind of LIVE_OPERATION_KINDS) expect(() => gate.require('alpha', kind)).not.toThrow();
    expect(gate.view('alpha')).toEqual({ networkId: 'sandbox', networkLabel: 'Sandbox', isSandbox: true, accountId: 'alpha', acknowledged: [], pending: [] });
    gate.acknowledge('alpha', 'order', 'sandbox');
    expect(settings.get('liveAcknowledgements')).toEqual({});
  });

  it('refuses an acknowledgement for a network the app is no longer on', () => {
    expect(() => gate.acknowledge('alpha', 'order', 'staging')).toThrow('That explanation was for another network; the app is now on Production. Nothing was recorded.');
    expect(settings.get('liveAcknowledgements')).toEqual({});
  });

  it('explains what is still pending with the network’s own contracts and perps domain', () => {
    gate.acknowledge('alpha', 'cancelAll', 'production');
    const view = gate.view('alpha');
    expect(view.acknowledged).toEqual(['cancelAll']);
    expect(view.pending.map((item) => item.kind)).toEqual(['order', 'transfer', 'proxyCreation']);
    const [order, transfer, proxy] = view.pending;
    expect(order!.signs).toContain(`exchange contract ${PUBLIC_CHAIN_137_CONTRACTS.exchange}`);
    expect(order!.signs).toContain('on chain 137');
    expect(transfer!.signs).toContain(`“internalTransfer” operation`);
    expect(transfer!.signs).toContain(SANDBOX_PERPS_DOMAIN.verifyingContract);
    expect(proxy!.signs).toContain('owner) key signs a “createProxy” operation');
    expect(proxy!.does).toContain('cannot create or delete proxies');
  });
});
