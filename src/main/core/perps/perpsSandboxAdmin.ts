/**
 * The sandbox perps exchange's loopback admin routes, offered only on the Sandbox network: paper
 * collateral for an account (`/sandbox/perps/faucet`) and a paper position at the current mark
 * (`/sandbox/perps/position`), so the perps views can be tried without a real exchange. On any
 * other network these refuse before anything is sent.
 */
import type { PerpsAccountView } from '../../../shared/perpsViews';
import { CoreError } from '../coreError';
import { perpsAccountView } from './perpsAccounts';
import type { PerpsContext } from './perpsContext';

async function post(context: PerpsContext, path: string, body: unknown): Promise<void> {
  if (!context.network.info.isSandbox) {
    throw new CoreError('unavailable', 'Paper perps funds and positions exist only on the Sandbox network; nothing was sent.');
  }
  await context.http.requestJson({ service: 'perps', method: 'POST', path, bodyText: JSON.stringify(body) });
}

export async function requestSandboxPerpsFunds(context: PerpsContext, accountId: string, asset: string, amount: string): Promise<PerpsAccountView> {
  const account = context.registry.get(accountId);
  await post(context, '/sandbox/perps/faucet', { address: account.address, asset, amount });
  context.changed(accountId, 'account');
  return perpsAccountView(context, account);
}

export async function setSandboxPerpsPosition(context: PerpsContext, accountId: string, instrumentId: number, size: string): Promise<PerpsAccountView> {
  const account = context.registry.get(accountId);
  await post(context, '/sandbox/perps/position', { address: account.address, instrument_id: instrumentId, size });
  context.changed(accountId, 'account');
  return perpsAccountView(context, account);
}
