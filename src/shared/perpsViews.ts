/**
 * What the renderer sees of the perpetuals exchange: accounts, transfers, referrals, funding,
 * equity and public information. Addresses, labels, amounts and ids only: never a proxy key or
 * a proxy secret (the core signs and authenticates; the renderer approves).
 *
 * Amounts are decimal strings in asset units (already divided by the asset's decimals) unless a
 * field says `Units` (integer base units as a decimal string). USD figures are decimal strings.
 * Times are Unix milliseconds.
 */
import type { PerpsEquityInterval, PerpsInstrument } from './protocol/perps';

export interface PerpsAssetView {
  asset: string;
  address: string;
  decimals: number;
  collateralRatio: string;
  withdrawalFee: string;
}

export interface PerpsInfoView {
  exchange: { name: string; version: string; chainId: number; contract: string };
  assets: PerpsAssetView[];
  instruments: PerpsInstrument[];
  /** The network profile's weight budget and how much of it is in use now. */
  weightBudget: { limit: number; windowMs: number; used: number };
}

export type PerpsProxyState = 'active' | 'expiring' | 'expired';

/** The warning window before a proxy expires (7 days), in which the app offers to rotate it. */
export const PERPS_PROXY_WARNING_MS = 7 * 86_400_000;

/** A proxy's state at `now`: one rule for the core's views and the renderer's Accounts panel. */
export function perpsProxyState(expiresAt: number, now: number): PerpsProxyState {
  if (expiresAt <= now) return 'expired';
  return expiresAt - now <= PERPS_PROXY_WARNING_MS ? 'expiring' : 'active';
}

export interface PerpsProxyStatusView {
  proxyAddress: string;
  label: string;
  expiresAt: number;
  /** `expiring` within the warning window (7 days): the app offers to rotate it. */
  state: PerpsProxyState;
}

/** One of the user's accounts as the perps exchange knows it. */
export interface PerpsAccountView {
  accountId: string;
  address: string;
  label: string;
  proxies: PerpsProxyStatusView[];
  /** The proxy that signs and authenticates for this account: the newest unexpired one, or null. */
  activeProxy: string | null;
  /** Latest equity in USD from `/v1/account/equity`, or null when not readable (no proxy, offline). */
  equity: string | null;
  equityAt: number | null;
  /**
   * What a transfer may move, in USD, as far as the client can tell (see docs/decisions/):
   * the exchange answers `insufficient_margin` beyond its own figure whatever this says.
   */
  freeCollateral: string | null;
  /** Why equity is unknown, in a sentence (no proxy yet, proxy expired, service unreachable). */
  unavailableReason: string | null;
}

export interface PerpsTransferDraft {
  fromAccountId: string;
  /** Recipient address (one of the user's accounts or any address). */
  to: string;
  asset: string;
  /** Decimal string in asset units. */
  amount: string;
  label?: string;
}

/** The exact signed operation a transfer will send, shown in the confirmation before signing. */
export interface PerpsTransferPreview {
  /** Held in main for a short time; `sendPerpsTransfer` signs exactly this op. */
  previewId: string;
  expiresAt: number;
  fromAccountId: string;
  fromAddress: string;
  /** Label of the recipient when it is one of the user's accounts (watch-only ones included). */
  toAccountLabel: string | null;
  /**
   * `own`: one of the user's accounts whose key is in this vault. `foreign`: any other address,
   * a watch-only account included (its key is not here, so what is sent there is out of reach).
   */
  recipient: 'own' | 'foreign';
  proxyAddress: string;
  asset: string;
  decimals: number;
  amount: string;
  amountUnits: string;
  label: string | null;
  freeCollateral: string | null;
  /** The signed-op body fields that will be sent, minus `sig` (which does not exist yet). */
  op: { type: 'internalTransfer'; args: { account: string; token: string; amount: string; to: string } };
  salt: number;
  ts: number;
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
}

export interface PerpsTransferResult {
  transferId: number;
  fromAccountId: string;
  to: string;
  asset: string;
  amount: string;
  /** True when the exchange reported this op as already settled (a resend) under `transferId`. */
  alreadySettled: boolean;
}

/** A settled transfer from the local history store. */
export interface PerpsTransferView {
  transferId: number;
  direction: 'in' | 'out';
  counterparty: string;
  /** Label of the counterparty when it is one of the user's accounts. */
  counterpartyAccountLabel: string | null;
  asset: string;
  /** Signed decimal in asset units (negative: out). */
  amount: string;
  amountUnits: string;
  label: string;
  createdAt: number;
}

export interface PerpsTransferFilter {
  direction?: 'in' | 'out';
  asset?: string;
  counterparty?: string;
  /** Matches the label or the counterparty, case-insensitively. */
  text?: string;
  fromMs?: number;
  toMs?: number;
}

/** What the transfer history can be sorted by, over all stored rows (not one loaded page). */
export const PERPS_TRANSFER_SORT_KEYS = ['createdAt', 'direction', 'amount', 'asset', 'counterparty', 'label', 'transferId'] as const;
export type PerpsTransferSortKey = (typeof PERPS_TRANSFER_SORT_KEYS)[number];

export interface PerpsTransferSort {
  key: PerpsTransferSortKey;
  direction: 'asc' | 'desc';
}

export type PerpsHistoryKind = 'transfers' | 'funding';

export interface PerpsHistorySyncState {
  accountId: string;
  kind: PerpsHistoryKind;
  rows: number;
  complete: boolean;
  newestAt: number | null;
  lastSyncedAt: number | null;
  runningJobId: string | null;
}

export interface PerpsTransfersPage {
  total: number;
  offset: number;
  rows: PerpsTransferView[];
  sync: PerpsHistorySyncState;
}

export interface PerpsFundingView {
  instrumentId: number;
  symbol: string | null;
  size: string;
  fundingRate: string;
  fundingAsset: string;
  funding: string;
  at: number;
}

export interface PerpsFundingTotal {
  instrumentId: number;
  symbol: string | null;
  /** Sum of `funding` (negative: paid). */
  total: string;
  payments: number;
}

export interface PerpsFundingPage {
  total: number;
  offset: number;
  rows: PerpsFundingView[];
  totals: PerpsFundingTotal[];
  sync: PerpsHistorySyncState;
}

export interface PerpsEquitySeries {
  accountId: string;
  interval: PerpsEquityInterval;
  /** Oldest first, for the chart. */
  points: Array<{ time: number; equity: string }>;
  /** More points exist before the first one than were asked for. */
  more: boolean;
  /**
   * Null when the exchange was read just now; otherwise why it could not be, and the points are
   * the ones stored by earlier reads (as of `syncedAt`).
   */
  storedOnly: string | null;
  /** When the stored points were last brought up to date from the exchange (unix ms); null if never. */
  syncedAt: number | null;
}

export interface PerpsPublicTradeView {
  tradeId: number;
  instrumentId: number;
  price: string;
  quantity: string;
  at: number;
  hash: string;
}

export interface PerpsReferralView {
  accountId: string;
  code: string;
  childrenCount: number;
  referralsLeft: number;
  feeShareRate: string;
  parent: string | null;
  /** From the last invite call (create-or-return); null until one was made this session. */
  invite: { referralsAvailable: number; cooldownMs: number | null; readAt: number } | null;
}
