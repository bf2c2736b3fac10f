/**
 * Previews a perps internal transfer: checks the draft (an active proxy, a known collateral asset,
 * an amount above zero with at most the asset's decimals, within the free-collateral estimate for
 * USD-stable assets, not to the account itself) and builds the exact op the proxy will sign —
 * `{account, token, amount, to}` + salt + ts under the profile's pinned domain — and says whether
 * the recipient is the user's own (a key in this vault) or foreign (watch-only addresses too). The preview is
 * held in main for PREVIEW_HOLD_MS under a random id; sending signs exactly what was shown.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { getAddress, type Hex } from 'viem';
import type { PerpsTransferDraft, PerpsTransferPreview } from '../../../shared/perpsViews';
import { amount as amountFigure, sentence, usd } from '../../../shared/sentence';
import { pinnedPerpsDomain } from '../accounts/perpsDomainPin';
import { CoreError } from '../coreError';
import { compareDecimals, fromBaseUnits, toBaseUnits } from './perpsAmounts';
import { latestEquity } from './perpsAccounts';
import { ownAccountAt, recipientKind, requireActiveProxy, type PerpsContext } from './perpsContext';
import { assetNamed } from './perpsInfo';

/** How long a preview can be sent (docs/decisions/, "Perpetuals desk"). */
export const PREVIEW_HOLD_MS = 60_000;

/** Assets whose units are dollars, so the amount compares with the USD equity directly. */
export const isUsdStable = (asset: string) => /^(USD[A-Z]?|USDC\.?E|DAI)$/i.test(asset);

export interface HeldPreview {
  preview: PerpsTransferPreview;
  accountId: string;
}

export class TransferPreviews {
  private readonly held = new Map<string, HeldPreview>();

  constructor(private readonly context: PerpsContext) {}

  async preview(draft: PerpsTransferDraft): Promise<PerpsTransferPreview> {
    const { context } = this;
    const account = context.registry.get(draft.fromAccountId);
    const proxy = requireActiveProxy(context, account);
    const to = getAddress(draft.to);
    if (to.toLowerCase() === account.address.toLowerCase()) {
      throw new CoreError('invalid_input', 'A transfer needs another recipient: this is the sending account\'s own address.');
    }
    // Checked first, before anything is held: the server behind the URL may have changed.
    const domain = pinnedPerpsDomain(context.network.perpsDomain, await context.client.exchange());
    const asset = await assetNamed(context, draft.asset);
    const units = toBaseUnits(draft.amount, asset.decimals, asset.asset);
    const amount = fromBaseUnits(units, asset.decimals);
    let freeCollateral: string | null = null;
    if (isUsdStable(asset.asset)) {
      freeCollateral = (await latestEquity(context, account))?.equity ?? '0';
      if (compareDecimals(amount, freeCollateral) > 0) {
        throw new CoreError(
          'invalid_input',
          sentence`${amountFigure(amount, asset.asset)} is more than the free collateral of "${account.label}" (about ${usd(freeCollateral)}, its latest equity).`,
        );
      }
    }
    const now = context.now();
    const preview: PerpsTransferPreview = {
      previewId: randomUUID(),
      expiresAt: now + PREVIEW_HOLD_MS,
      fromAccountId: account.id,
      fromAddress: account.address,
      toAccountLabel: ownAccountAt(context, to)?.label ?? null,
      recipient: recipientKind(context, to),
      proxyAddress: proxy.proxyAddress,
      asset: asset.asset,
      decimals: asset.decimals,
      amount,
      amountUnits: units.toString(),
      label: draft.label ?? null,
      freeCollateral,
      op: { type: 'internalTransfer', args: { account: getAddress(account.address), token: getAddress(asset.address as Hex), amount, to } },
      salt: randomInt(0, 2 ** 47),
      ts: now,
      domain: { name: domain.name, version: domain.version, chainId: domain.chain_id, verifyingContract: domain.contract },
    };
    this.dropExpired(now);
    this.held.set(preview.previewId, { preview, accountId: account.id });
    return preview;
  }

  /** A held preview, without handing it over (null when unknown or past its hold). */
  peek(previewId: string): HeldPreview | null {
    const held = this.held.get(previewId);
    return held && held.preview.expiresAt > this.context.now() ? held : null;
  }

  /**
   * Keeps a preview held while main asks the user about it, so a careful read does not expire
   * it: sending still signs exactly the op that was previewed and shown.
   */
  holdUntil(previewId: string, until: number): void {
    const held = this.held.get(previewId);
    if (held && held.preview.expiresAt < until) this.held.set(previewId, { ...held, preview: { ...held.preview, expiresAt: until } });
  }

  /** Hands a held preview over once; refuses an unknown or expired one. */
  take(previewId: string): HeldPreview {
    const now = this.context.now();
    const held = this.held.get(previewId);
    this.held.delete(previewId);
    if (!held) throw new CoreError('not_found', 'That transfer preview is unknown or was already sent; preview the transfer again.');
    if (held.preview.expiresAt <= now) {
      throw new CoreError('conflict', `That transfer preview expired (previews are held for ${PREVIEW_HOLD_MS / 1000} s); preview it again.`);
    }
    return held;
  }

  private dropExpired(now: number): void {
    for (const [id, held] of this.held) if (held.preview.expiresAt <= now) this.held.delete(id);
  }
}
