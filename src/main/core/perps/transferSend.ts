/**
 * Sends a previewed transfer: the account's proxy key signs exactly the held op (never the owner
 * key, never an expired proxy) and the body is posted. When the answer is lost after sending (a
 * network failure or timeout), the same signed bytes are sent once more: the exchange settles an
 * op (signer + salt) at most once and answers a resend of a settled one with `duplicate_salt` and
 * its `transfer_id`, so a lost answer either settles now or is reported as already settled.
 */
import type { Hex } from 'viem';
import type { PerpsTransferResult } from '../../../shared/perpsViews';
import { PERPS_ERROR_IDS } from '../../../shared/protocol/perps';
import { perpsOperationTypedData } from '../../../signing/perpsOperations';
import { withProxySigner } from '../accounts/proxyKeys';
import { CoreError } from '../coreError';
import { ownAccountAt, requireActiveProxy, type PerpsContext } from './perpsContext';
import { refusalId } from './perpsErrors';
import type { TransferPreviews } from './transferPreview';

const answerLost = (error: unknown) => error instanceof CoreError && (error.code === 'network' || error.code === 'timeout');

export async function sendPerpsTransfer(context: PerpsContext, previews: TransferPreviews, previewId: string): Promise<PerpsTransferResult> {
  const { preview, accountId } = previews.take(previewId);
  const account = context.registry.get(accountId);
  const proxy = requireActiveProxy(context, account);
  if (proxy.proxyAddress.toLowerCase() !== preview.proxyAddress.toLowerCase()) {
    throw new CoreError('conflict', 'The account\'s proxy changed since the preview; preview the transfer again.');
  }
  const { domain, op, salt, ts } = preview;
  const info = { name: domain.name, version: domain.version, chain_id: domain.chainId, contract: domain.verifyingContract as Hex };
  const args = { ...op.args, account: op.args.account as Hex, token: op.args.token as Hex, to: op.args.to as Hex };
  // Only at the exchange origin that created the proxy: refused before signing when it moved.
  const { sig, origin } = await withProxySigner(context.session, account, proxy.proxyAddress, context.network, async (signer, origin) => ({
    // viem cannot infer the per-type table generically; the layout itself is fixed in src/signing.
    sig: await signer.signTypedData(perpsOperationTypedData(info, 'internalTransfer', args, salt, ts) as unknown as Parameters<typeof signer.signTypedData>[0]),
    origin,
  }));
  const body = JSON.stringify({ op: { type: 'internalTransfer', args }, sig, salt, ts, ...(preview.label ? { label: preview.label } : {}) });

  const settle = async (resent: boolean): Promise<{ transferId: number; alreadySettled: boolean }> => {
    try {
      return { transferId: (await context.client.internalTransfer(body, origin)).transfer_id, alreadySettled: false };
    } catch (error) {
      const settledBefore = error instanceof CoreError ? error.service.transferId : undefined;
      if (resent && refusalId(error) === PERPS_ERROR_IDS.duplicateSalt && settledBefore !== undefined) {
        return { transferId: settledBefore, alreadySettled: true };
      }
      throw error;
    }
  };
  let outcome: { transferId: number; alreadySettled: boolean };
  try {
    outcome = await settle(false);
  } catch (error) {
    if (!answerLost(error)) throw error;
    context.log.warn(`perps: the answer to transfer ${preview.previewId} was lost (${(error as Error).message}); sending the same signed op once more`);
    outcome = await settle(true);
  }

  context.changed(account.id, 'transfers');
  const recipient = ownAccountAt(context, op.args.to);
  if (recipient) context.changed(recipient.id, 'transfers');
  return { ...outcome, fromAccountId: account.id, to: op.args.to, asset: preview.asset, amount: preview.amount };
}
