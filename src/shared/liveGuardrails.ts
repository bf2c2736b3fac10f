/**
 * Live-money guardrails, the parts both sides share: the kinds of signed operation whose first use
 * on a live network (any network that is not the sandbox) is explained once, and what the core
 * says about them. Main explains them in its own confirmation surface; the renderer only shows
 * what is still to be explained.
 */
/** A cancel-all reduces risk, so it is never held back for an explanation (one click, everywhere). */
export const LIVE_OPERATION_KINDS = ['order', 'transfer', 'proxyCreation'] as const;
export type LiveOperationKind = (typeof LIVE_OPERATION_KINDS)[number];

/** What one kind of operation does and what the user's key signs for it, in plain words. */
export interface LiveOperationExplanation {
  kind: LiveOperationKind;
  /** A short name, e.g. "Your first order on Production". */
  title: string;
  /** What happens when it is sent. */
  does: string;
  /** What is signed, with which key, for which contract or domain. */
  signs: string;
}

export interface LiveAcknowledgementsView {
  networkId: string;
  networkLabel: string;
  isSandbox: boolean;
  accountId: string;
  /** Kinds this account has acknowledged on this network (always empty on the sandbox). */
  acknowledged: LiveOperationKind[];
  /** The explanation of each kind still to be shown here (always empty on the sandbox). */
  pending: LiveOperationExplanation[];
}
