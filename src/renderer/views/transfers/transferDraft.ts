/**
 * The send form's rules in one pure place: the recipient is one of the user's other accounts or a
 * typed 0x address (never the sender itself), the asset is one the exchange takes, the amount has
 * at most the asset's decimals, the label at most 60 characters.
 */
import type { PerpsAssetView, PerpsTransferDraft } from '../../../shared/perpsViews';
import { isAddress } from '../../lib/address';
import { amountProblem } from '../../lib/perpsAmounts';

export const TYPED_RECIPIENT = 'typed';

export interface SendForm {
  /** An own account id, or TYPED_RECIPIENT for the address box. */
  recipient: string;
  typedAddress: string;
  asset: string;
  amount: string;
  label: string;
}

export interface SendFormProblems {
  recipient?: string;
  asset?: string;
  amount?: string;
  label?: string;
}

interface Context {
  fromAccountId: string;
  fromAddress: string;
  ownAccounts: ReadonlyArray<{ id: string; address: string }>;
  assets: readonly PerpsAssetView[];
}

export function toDraft(form: SendForm, context: Context): { draft: PerpsTransferDraft } | { problems: SendFormProblems } {
  const problems: SendFormProblems = {};
  let to: string;
  if (form.recipient === TYPED_RECIPIENT) {
    to = form.typedAddress.trim();
    if (to === '') problems.recipient = 'Enter the recipient’s address.';
    else if (!isAddress(to)) problems.recipient = 'An address is 0x followed by 40 hex digits.';
  } else {
    to = context.ownAccounts.find((a) => a.id === form.recipient)?.address ?? '';
    if (to === '') problems.recipient = 'Choose a recipient.';
  }
  if (to && to.toLowerCase() === context.fromAddress.toLowerCase()) problems.recipient = 'That is the sending account itself: choose another recipient.';
  const asset = context.assets.find((a) => a.asset === form.asset);
  if (!asset) problems.asset = 'Choose an asset the exchange takes as collateral.';
  const amount = asset ? amountProblem(form.amount, asset.decimals, asset.asset) : null;
  if (amount) problems.amount = amount;
  if (form.label.trim().length > 60) problems.label = 'A label is at most 60 characters.';
  if (Object.keys(problems).length > 0) return { problems };
  const label = form.label.trim();
  return { draft: { fromAccountId: context.fromAccountId, to, asset: form.asset, amount: form.amount.trim(), ...(label ? { label } : {}) } };
}

/** The asset a transfer starts with: the USD stablecoin when there is one, else the first. */
export function defaultAsset(assets: readonly PerpsAssetView[]): string {
  return (assets.find((a) => a.asset === 'USDC') ?? assets.find((a) => /^USD/.test(a.asset)) ?? assets[0])?.asset ?? '';
}
