/**
 * The resend rule through a relay that loses transfers: when the exchange's answer is lost after
 * it settled the transfer, the core sends the same signed op once more and reports the transfer
 * as already settled under its id (never twice); when the request itself was lost, the one resend
 * settles it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { startSandbox } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsAccountView, PerpsTransferPreview, PerpsTransferResult, PerpsTransfersPage } from '../../../src/shared/perpsViews';
import { LIGHT_KDF } from '../core/coreHarness';
import { startLostAnswerRelay, type LostAnswerRelay } from './lostAnswerProxy';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let relay: LostAnswerRelay;
let core: Core;
let dataDir: string;
let offset = 0;
const ids: Record<string, { id: string; address: string }> = {};

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await core.dispatch(channel, input, { clientId: 't' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false, perps: { now: () => Date.now() + offset } });
  relay = await startLostAnswerRelay(sandbox.urls.perps);
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-perps-lost-'));
  core = await createCore({
    dataDir, serviceUrls: { ...sandbox.urls, perps: relay.url, label: 'Sandbox', isSandbox: true }, log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF, keystoreKdf: LIGHT_KDF,
  });
  await call('createVault', { password: 'lost-answer-password-1' });
  for (const label of ['Sender', 'Receiver']) {
    const account = (await call<AccountsState>('createAccount', { label })).accounts.find((a) => a.label === label)!;
    await call('switchAccount', { accountId: account.id });
    await call('createPerpsProxy', { label: `${label} proxy`, expiryDays: 30 });
    ids[label] = { id: account.id, address: account.address };
  }
  await call('requestSandboxPerpsFunds', { accountId: ids.Sender!.id, asset: 'USDC', amount: '100' });
  offset += 61_000;
  expect((await call<PerpsAccountView[]>('listPerpsAccounts', { accountId: ids.Sender!.id }))[0]!.equity).toBe('100');
});
afterAll(async () => {
  await core?.stop();
  await relay?.stop();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const transfer = async (amount: string) => {
  const preview = await call<PerpsTransferPreview>('previewPerpsTransfer', { fromAccountId: ids.Sender!.id, to: ids.Receiver!.address, asset: 'USDC', amount });
  return call<PerpsTransferResult>('sendPerpsTransfer', { previewId: preview.previewId });
};

describe('a transfer whose answer is lost', () => {
  it('is resent once and reported as already settled under the id it settled with', async () => {
    relay.loseNext('answer');
    const before = relay.forwardedTransfers;
    const result = await transfer('10');
    expect(result.alreadySettled).toBe(true);
    expect(relay.forwardedTransfers - before).toBe(2);
    await call('syncPerpsHistory', { accountId: ids.Receiver!.id, kind: 'transfers' });
    const received = await call<PerpsTransfersPage>('queryPerpsTransfers', { accountId: ids.Receiver!.id });
    // Settled once, under the id the resend reported.
    expect(received.rows.map((r) => [r.transferId, r.amount])).toEqual([[result.transferId, '10']]);
  });

  it('settles with the one resend when the request itself was lost', async () => {
    relay.loseNext('request');
    const before = relay.forwardedTransfers;
    const result = await transfer('5');
    expect(result.alreadySettled).toBe(false);
    expect(relay.forwardedTransfers - before).toBe(1);
    await call('syncPerpsHistory', { accountId: ids.Receiver!.id, kind: 'transfers' });
    const received = await call<PerpsTransfersPage>('queryPerpsTransfers', { accountId: ids.Receiver!.id });
    expect(received.rows.map((r) => r.amount)).toEqual(['5', '10']);
  });
});
