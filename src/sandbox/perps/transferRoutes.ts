/**
 * Internal transfers:
 *   POST /v1/account/internal-transfer  signed op internalTransfer (+ label), signed by an
 *        unexpired proxy of `args.account` → {status:"ok", transfer_id}
 *   GET  /v1/account/internal-transfers (key headers) → {data: [transfer records], more}
 * Checks, in order: envelope and args (400 invalid_request / invalid_args), signer a live proxy
 * of the account (401 invalid_signature, 401 proxy_expired), salt not used by this signer (400
 * duplicate_salt + the original transfer_id: before the ts window, so a client resending a lost
 * answer late still learns the id), ts within 5 minutes (400 invalid_ts), token a listed asset (400
 * unknown_asset), amount within the asset's decimals (400 invalid_args), amount within the
 * asset balance and amount × price within free collateral (400 insufficient_margin). From the
 * signature on, everything runs synchronously: checks, debit and credit cannot interleave with
 * another request, and a refused transfer changes nothing.
 */
import { PERPS_LIST_CAPS, PERPS_ROUTES } from '../../shared/protocol/perps';
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { baseUnitsToNumber, parseAssetAmount } from './decimalText';
import { parseListWindow } from './listQuery';
import { invalidArgs, PERPS_ERRORS, perpsError } from './perpsErrors';
import { openAccount, type PerpsState } from './perpsState';
import { authenticateProxy } from './proxyAuth';
import { parseSignedOp, recoverOpSigner, staleTs } from './signedOp';
import { parseInternalTransferArgs } from './transferOps';
import { assetPrice } from './world/collateral';

export function addTransferRoutes(router: Router, state: PerpsState): Router {
  const { info, proxies, book, transfers, now } = state;
  return router
    .on('POST', PERPS_ROUTES.internalTransfer.path, async (ctx) => {
      const parsed = parseSignedOp(ctx.body, 'internalTransfer', parseInternalTransferArgs, { extras: ['label'], deferFreshness: true }, now());
      if (!parsed.ok) return parsed.reply;
      const op = parsed.value;
      const signer = await recoverOpSigner(info, op);
      // Synchronous from here on.
      const proxy = signer ? proxies.get(signer) : undefined;
      if (!signer || !proxy || proxy.owner.toLowerCase() !== op.args.account.toLowerCase()) return perpsError(PERPS_ERRORS.invalidSignature);
      const nowMs = now();
      if (proxy.expiryMs <= nowMs) return perpsError(PERPS_ERRORS.proxyExpired);
      const settledId = transfers.settledUnder(signer, op.salt);
      if (settledId !== undefined) {
        const refusal = perpsError(PERPS_ERRORS.duplicateSalt);
        return { ...refusal, body: { ...(refusal.body as object), transfer_id: settledId } };
      }
      const stale = staleTs(op.ts, nowMs);
      if (stale) return stale;
      const asset = book.assetByAddress(op.args.token);
      if (!asset) return perpsError(PERPS_ERRORS.unknownAsset);
      const units = parseAssetAmount(op.args.amount, asset.decimals);
      if (typeof units === 'string') return invalidArgs(`amount ${units}`);

      const sender = openAccount(state, op.args.account, nowMs).book;
      const amountUsd = baseUnitsToNumber(units, asset.decimals) * assetPrice(state.seed, asset, nowMs);
      const balance = sender.balances.get(asset.asset) ?? 0n;
      if (units > balance || amountUsd > book.valuation(sender, nowMs).freeCollateral) return perpsError(PERPS_ERRORS.insufficientMargin);

      const recipient = openAccount(state, op.args.to, nowMs).book;
      book.applyBalance(sender, asset.asset, -units, nowMs);
      book.applyBalance(recipient, asset.asset, units, nowMs);
      const transferId = transfers.nextId();
      transfers.record({
        id: transferId, from: sender.address, to: recipient.address, asset: asset.asset, amount: units,
        label: op.label ?? '', createdMs: nowMs, signer: signer.toLowerCase(), salt: op.salt,
      });
      return ok({ status: 'ok', transfer_id: transferId });
    })
    .on('GET', PERPS_ROUTES.transfers.path, (ctx) => {
      const auth = authenticateProxy(ctx, state);
      if (!auth.ok) return auth.reply;
      const nowMs = now();
      const window = parseListWindow(ctx.query, PERPS_LIST_CAPS.transfers, nowMs);
      if (!window.ok) return window.reply;
      openAccount(state, auth.identity.account.address, nowMs);
      const { startMs, endMs, limit } = window.value;
      return ok(transfers.list(auth.identity.account.address, startMs, endMs, limit));
    });
}
