/**
 * The first signed operation of each kind on a live network owes its explanation, once per
 * account per kind per network, until main records it (after the user confirmed the question that
 * showed it); the sandbox never owes one.
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
  it('owes each kind its explanation until main records it', () => {
    for (const kind of LIVE_OPERATION_KINDS) expect(gate.pendingExplanation('alpha', kind)?.kind).toBe(kind);
    expect(gate.pendingExplanation('alpha', 'order')?.title).toBe('Your first order on Production');
    gate.record('alpha', 'order');
    expect(gate.pendingExplanation('alpha', 'order')).toBeNull();
    expect(gate.pendingExplanation('alpha', 'transfer')?.kind).toBe('transfer');
  });

  it('keeps acknowledgements per account and per network, and stores each once', () => {
    gate.record('alpha', 'order');
    gate.record('alpha', 'order');
    expect(gate.isAcknowledged('beta', 'order')).toBe(false);
    current = STAGING;
    expect(gate.isAcknowledged('alpha', 'order')).toBe(false);
    expect(settings.get('liveAcknowledgements')).toEqual({ production: { alpha: { order: 1_780_000_000_000 } } });
    // Read back from disk by a new store: they survive a restart.
    expect(new LiveAcknowledgements({ settings: openSettings(dir), network: () => PRODUCTION }).isAcknowledged('alpha', 'order')).toBe(true);
  });

  it('never asks on the sandbox and stores nothing there', () => {
    current = SANDBOX;
    for (const kind of LIVE_OPERATION_KINDS) expect(gate.pendingExplanation('alpha', kind)).toBeNull();
    expect(gate.view('alpha')).toEqual({ networkId: 'sandbox', networkLabel: 'Sandbox', isSandbox: true, accountId: 'alpha', acknowledged: [], pending: [] });
    gate.record('alpha', 'order');
    expect(settings.get('liveAcknowledgements')).toEqual({});
  });

  it('explains what is still pending with the network’s own contracts and perps domain', () => {
    gate.record('alpha', 'order');
    const view = gate.view('alpha');
    expect(view.acknowledged).toEqual(['order']);
    expect(view.pending.map((item) => item.kind)).toEqual(['transfer', 'proxyCreation']);
    const [transfer, proxy] = view.pending;
    const order = gate.pendingExplanation('beta', 'order');
    expect(order!.signs).toContain(`exchange contract ${PUBLIC_CHAIN_137_CONTRACTS.exchange}`);
    expect(order!.signs).toContain('on chain 137');
    expect(transfer!.signs).toContain(`“internalTransfer” operation`);
    expect(transfer!.signs).toContain(SANDBOX_PERPS_DOMAIN.verifyingContract);
    expect(proxy!.signs).toContain('owner) key signs a “createProxy” operation');
    expect(proxy!.does).toContain('cannot create or delete proxies');
  });
});
