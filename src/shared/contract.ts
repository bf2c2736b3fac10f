/**
 * The bridge contract: every channel's name, its input schema and its result type, and every
 * pushed event. Main, preload, the web host and the renderer all import this file (types only,
 * in the renderer and the preload), so the compiler enforces that they agree. There is
 * deliberately no generic `invoke(channel, …)` on `window.api`: each operation is a named method
 * derived from this table. The events (bridgeEvents.ts) and the API built over a transport
 * (bridgeApi.ts) are modules without zod, re-exported here: the renderer's entry and the preload
 * load those, and neither zod nor the schemas (main parses every input with them).
 */
import { z } from 'zod';
import { returns } from './bridgeEvents';
import {
  SIGNATURE_TYPES,
  type AccountsState,
  type KeystoreExportResult,
  type SecretRevealResult,
  type VaultState,
} from './custodyViews';
import { MAX_CANCELS_PER_BATCH, MAX_ORDERS_PER_BATCH } from './orders/orderSchema';
import type {
  BalanceView,
  FillNotification,
  OhlcBar,
  OpenOrderView,
  OrderPreview,
  AmendResult,
  PlacedOrder,
  PricePoint,
  TradeView,
  TradingState,
} from './tradingViews';
import { ACTIVITY_TYPES, BOARD_PERIODS, MAX_CONDITION_IDS } from './protocol/analytics';
import type {
  ActivityPageView,
  ApprovalView,
  BoardPage,
  BuilderRankView,
  BuilderVolumeBucketView,
  ComboActivityView,
  ExportResult,
  HistorySyncState,
  PortfolioHistoryView,
  PortfolioView,
  WinnerView,
} from './portfolioViews';
import { REALISED_PERIODS } from './portfolioViews';
import type {
  PerpsAccountView,
  PerpsEquitySeries,
  PerpsFundingPage,
  PerpsHistorySyncState,
  PerpsInfoView,
  PerpsPublicTradeView,
  PerpsReferralView,
  PerpsTransferPreview,
  PerpsTransferResult,
  PerpsTransfersPage,
} from './perpsViews';
import { PERPS_TRANSFER_SORT_KEYS } from './perpsViews';
import { PERPS_EQUITY_INTERVALS, PERPS_PROXY_MAX_EXPIRY_DAYS } from './protocol/perps';
import type { LiveAcknowledgementsView } from './liveGuardrails';
import type {
  BudgetStateView,
  AppStatus,
  CatalogTag,
  EventDetail,
  EventsPage,
  OrderBookView,
} from './viewModels';
import type { AlertsState, DisplayPrefs } from './prefs';
import { displayPrefsChangeSchema, priceAlertInputSchema } from './prefsSchemas';
import { EVENT_SORTS } from './viewModels';
import {
  networkProfileIdSchema,
  networkProfileSchema,
  type ConnectionTestReport,
  type NetworkProfilesExport,
  type NetworkProfilesImportResult,
  type NetworkProfilesView,
} from './networkProfiles';
import type { NetworkInfo } from './viewModels';
import type { NetworkChoice, NetworkSwitchPreflight } from './networkSwitchViews';
import type { InstallUpdateResult, UpdateState } from './updates';
import type { PendingConfirmationView } from './confirmationViews';
import type { KillSwitchResult, RiskStateView } from './riskLimits';
import { riskLimitsChangeSchema } from './riskLimitsSchemas';
import type {
  BoardCategoryView,
  ComboPositionsView,
  MarketTradeView,
  OpenInterestView,
  OutcomeHoldersView,
  TraderRankView,
} from './marketDataViews';


const noInput = z.object({}).strict();
/** A network profile's id, or the embedded sandbox's ("sandbox" has the same form). */
const networkIdSchema = networkProfileIdSchema.max(40);

/** Order-book asset ids are unsigned decimal integers (uint256). */
export const tokenIdSchema = z
  .string()
  .max(78, 'a token id has at most 78 digits')
  .regex(/^[0-9]{1,78}$/, 'must be a decimal token id');

const catalogIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "-" and "_"');

export const MAX_WATCHED_BOOKS = 40;

/** Passwords are checked for length only here; strength is shown by the form. */
const passwordSchema = (what: string) =>
  z
    .string()
    .min(8, `${what} must be at least 8 characters`)
    .max(1024, `${what} must be at most 1024 characters`);
const existingPasswordSchema = z.string().min(1, 'the vault password is required').max(1024);
/** A network id (`sandbox` or a profile's id), as a channel names the network the user saw. */
const liveNetworkIdSchema = z.string().max(40).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a network id');
const accountIdSchema = z.string().max(64).regex(/^[a-z0-9-]{1,64}$/, 'must be an account id');
const addressSchema = z.string().max(42, 'an address is 42 characters').regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits');
const labelSchema = z
  .string()
  // Bounded before trimming too: otherwise any amount of whitespace around a label is valid.
  .max(256, 'a label must be at most 60 characters')
  .trim()
  .min(1, 'a label is required')
  .max(60, 'a label must be at most 60 characters');
const walletSettingsSchema = {
  signatureType: z.enum(SIGNATURE_TYPES).default('EOA'),
  /** Required for PROXY, SAFE and DEPOSIT_WALLET; refused for EOA (checked in main). */
  funder: addressSchema.optional(),
};

const decimalSchema = (what: string) =>
  z
    .string()
    .max(21, `${what} must be a positive decimal number`)
    .regex(/^\d{1,12}(\.\d{1,8})?$/, `${what} must be a positive decimal number`);

export const orderTicketSchema = z
  .object({
    tokenId: tokenIdSchema,
    side: z.enum(['BUY', 'SELL']),
    orderType: z.enum(['GTC', 'GTD', 'FOK', 'FAK']),
    price: decimalSchema('the price'),
    size: decimalSchema('the size').optional(),
    amount: decimalSchema('the amount').optional(),
    expiration: z.int().min(0).optional(),
    postOnly: z.boolean().optional(),
  })
  .strict()
  .refine((t) => (t.size === undefined) !== (t.amount === undefined), { message: 'give either a size in shares or an amount in USD', path: ['size'] })
  .refine((t) => t.amount === undefined || (t.side === 'BUY' && (t.orderType === 'FOK' || t.orderType === 'FAK')), {
    message: 'an amount in USD is only for market BUY orders (FOK or FAK)',
    path: ['amount'],
  })
  .refine((t) => !t.postOnly || t.orderType === 'GTC' || t.orderType === 'GTD', { message: 'post-only is only for GTC and GTD orders', path: ['postOnly'] })
  .refine((t) => (t.orderType === 'GTD') === (t.expiration !== undefined && t.expiration > 0), {
    message: 'GTD orders need an expiration, and only GTD orders take one',
    path: ['expiration'],
  });

/** Order ids are the order's EIP-712 hash: 0x and 64 hex digits (ASCII, so 3000 of them fit a frame). */
const orderIdSchema = z
  .string()
  .min(3, 'must be an order id')
  .max(66, 'an order id is 0x and 64 hex digits')
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'an order id is 0x and hex digits');

const ohlcFidelitySchema = z.enum(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w']);

const walletTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), accountId: accountIdSchema }).strict(),
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('address'), address: addressSchema }).strict(),
]);

const realisedPeriodSchema = z.enum(REALISED_PERIODS).default('all');

const conditionIdSchema = z.string().max(66).regex(/^0x[0-9a-fA-F]{64}$/, 'a condition id is 0x and 64 hex digits');
const unixSecondsSchema = z.int().min(0).max(2 ** 40);
const jobIdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'a job id has letters, digits, "-" and "_" only');

export const activityFilterSchema = z
  .object({
    types: z.array(z.enum(ACTIVITY_TYPES)).max(ACTIVITY_TYPES.length).optional(),
    conditionIds: z.array(conditionIdSchema).max(MAX_CONDITION_IDS, `at most ${MAX_CONDITION_IDS} markets can be filtered at once`).optional(),
    eventSlug: z.string().max(200).optional(),
    side: z.enum(['BUY', 'SELL', 'IN', 'OUT']).optional(),
    startTs: unixSecondsSchema.optional(),
    endTs: unixSecondsSchema.optional(),
    text: z.string().max(200, 'search text must be at most 200 characters').optional(),
  })
  .strict()
  .refine((f) => f.startTs === undefined || f.endTs === undefined || f.startTs <= f.endTs, { message: 'the window starts after it ends', path: ['startTs'] });

/** The service's opaque cursors travel back unchanged; bounded so a frame stays small. */
const boardCursorSchema = z.string().min(1).max(2048).optional();

/** Perps amounts are in asset units with up to the asset's decimals (18 for the widest). */
const perpsAmountSchema = z
  .string()
  .max(34, 'the amount must be a positive decimal number')
  .regex(/^\d{1,15}(\.\d{1,18})?$/, 'the amount must be a positive decimal number with at most 18 decimals');
const perpsAssetSchema = z.string().min(1).max(20).regex(/^[A-Za-z0-9._-]+$/, 'an asset is a name such as USDC');
const perpsInstrumentIdSchema = z.int().min(0).max(2 ** 31);
const referralCodeSchema = z.string().max(256).trim().min(1, 'a referral code is required').max(64).regex(/^[A-Za-z0-9_-]*$/, 'a referral code has letters, digits, "-" and "_" only');
export const perpsTransferFilterSchema = z
  .object({
    direction: z.enum(['in', 'out']).optional(),
    asset: perpsAssetSchema.optional(),
    counterparty: addressSchema.optional(),
    text: z.string().max(100).optional(),
    fromMs: z.int().min(0).optional(),
    toMs: z.int().min(0).optional(),
  })
  .strict();

export const bridgeChannels = {
  getAppStatus: { input: noInput, result: returns<AppStatus>() },
  listCatalogTags: { input: noInput, result: returns<CatalogTag[]>() },
  searchCatalogEvents: {
    input: z
      .object({
        text: z.string().max(200, 'search text must be at most 200 characters').default(''),
        tagSlug: z.string().max(100).optional(),
        includeClosed: z.boolean().default(false),
        limit: z.int().min(1).max(500).default(200),
        offset: z.int().min(0).default(0),
        sort: z.enum(EVENT_SORTS).default('volume24hr'),
        /** Only the events on the watchlist. */
        watchlistOnly: z.boolean().default(false),
      })
      .strict(),
    result: returns<EventsPage>(),
  },
  getCatalogEvent: {
    input: z.object({ eventId: catalogIdSchema }).strict(),
    result: returns<EventDetail>(),
  },
  /** Replaces the set of books this window shows; main polls them and pushes updates. */
  watchOrderBooks: {
    input: z
      .object({
        tokenIds: z
          .array(tokenIdSchema)
          .max(MAX_WATCHED_BOOKS, `at most ${MAX_WATCHED_BOOKS} books can be watched at once`),
      })
      .strict(),
    result: returns<{ watching: string[]; books: OrderBookView[] }>(),
  },
  getVaultState: { input: noInput, result: returns<VaultState>() },
  createVault: { input: z.object({ password: passwordSchema('the vault password') }).strict(), result: returns<VaultState>() },
  unlockVault: { input: z.object({ password: existingPasswordSchema }).strict(), result: returns<VaultState>() },
  unlockVaultWithDevice: { input: noInput, result: returns<VaultState>() },
  lockVault: { input: noInput, result: returns<VaultState>() },
  setRememberOnDevice: { input: z.object({ enabled: z.boolean() }).strict(), result: returns<VaultState>() },
  setAutoLockMinutes: {
    input: z.object({ minutes: z.int().min(0).max(1440, 'auto-lock can be at most 24 hours (1440 minutes)') }).strict(),
    result: returns<VaultState>(),
  },
  /** The renderer saw user input; resets the auto-lock idle timer. */
  reportUserActivity: { input: noInput, result: returns<{ idleLockAt: number | null }>() },

  listAccounts: { input: noInput, result: returns<AccountsState>() },
  createAccount: { input: z.object({ label: labelSchema, ...walletSettingsSchema }).strict(), result: returns<AccountsState>() },
  importPrivateKeyAccount: {
    input: z
      .object({
        label: labelSchema,
        privateKey: z.string().max(200, 'a private key is 64 hex digits'),
        ...walletSettingsSchema,
      })
      .strict(),
    result: returns<AccountsState>(),
  },
  importKeystoreAccount: {
    input: z
      .object({
        label: labelSchema,
        // A keystore v3 file is about 500 bytes; 32 Ki characters keeps the call frame under its limit.
        keystoreJson: z.string().min(2).max(32_768, 'a keystore file is at most 32 KiB'),
        keystorePassword: z.string().max(1024),
        ...walletSettingsSchema,
      })
      .strict(),
    result: returns<AccountsState>(),
  },
  addWatchOnlyAccount: {
    input: z.object({ label: labelSchema, address: addressSchema, ...walletSettingsSchema }).strict(),
    result: returns<AccountsState>(),
  },
  renameAccount: { input: z.object({ accountId: accountIdSchema, label: labelSchema }).strict(), result: returns<AccountsState>() },
  reorderAccounts: {
    input: z.object({ accountIds: z.array(accountIdSchema).max(500) }).strict(),
    result: returns<AccountsState>(),
  },
  removeAccount: {
    input: z.object({ accountId: accountIdSchema, password: existingPasswordSchema }).strict(),
    result: returns<AccountsState>(),
  },
  switchAccount: { input: z.object({ accountId: accountIdSchema }).strict(), result: returns<AccountsState>() },
  /** The keystore password is asked by main (desktop) or by a one-time page (browser mode), never here. */
  exportAccountKeystore: {
    input: z.object({ accountId: accountIdSchema, password: existingPasswordSchema }).strict(),
    result: returns<KeystoreExportResult>(),
  },
  revealAccountPrivateKey: {
    input: z.object({ accountId: accountIdSchema, password: existingPasswordSchema }).strict(),
    result: returns<SecretRevealResult>(),
  },

  /** Create-or-derive order-book API credentials for the active account (L1 signature). */
  createClobCredentials: {
    input: z.object({ nonce: z.int().min(0).max(2 ** 31).optional() }).strict(),
    result: returns<AccountsState>(),
  },
  deleteClobCredentials: { input: noInput, result: returns<AccountsState>() },
  rotateClobCredentials: { input: noInput, result: returns<AccountsState>() },
  createPerpsProxy: {
    input: z
      .object({
        label: labelSchema,
        expiryDays: z.int().min(1).max(PERPS_PROXY_MAX_EXPIRY_DAYS, `a proxy expiry is at most ${PERPS_PROXY_MAX_EXPIRY_DAYS} days ahead`),
        referralCode: z.string().max(256).trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'a referral code has letters, digits, "-" and "_" only').optional(),
      })
      .strict(),
    result: returns<AccountsState>(),
  },
  deletePerpsProxy: { input: z.object({ proxyAddress: addressSchema }).strict(), result: returns<AccountsState>() },

  /** Checks a ticket locally and prices it against the book; signs nothing. */
  previewOrder: { input: z.object({ ticket: orderTicketSchema }).strict(), result: returns<OrderPreview>() },
  /**
   * A quote grid checked as one: each level as `previewOrder` checks it, and the levels' funds
   * together (each level after what the levels before it commit). Signs nothing.
   */
  previewOrders: {
    input: z
      .object({ tickets: z.array(orderTicketSchema).min(1).max(MAX_ORDERS_PER_BATCH, `at most ${MAX_ORDERS_PER_BATCH} orders go in one batch`) })
      .strict(),
    result: returns<OrderPreview[]>(),
  },
  placeOrder: { input: z.object({ ticket: orderTicketSchema }).strict(), result: returns<PlacedOrder>() },
  /** One `POST /orders` request: a quote grid of up to 15 orders. */
  placeOrders: {
    input: z
      .object({ tickets: z.array(orderTicketSchema).min(1).max(MAX_ORDERS_PER_BATCH, `at most ${MAX_ORDERS_PER_BATCH} orders go in one batch`) })
      .strict(),
    result: returns<PlacedOrder[]>(),
  },
  cancelOrder: { input: z.object({ orderId: orderIdSchema }).strict(), result: returns<{ canceled: string[]; notCanceled: Record<string, string> }>() },
  /** One `DELETE /orders` request: at most 3000 ids (the exchange's limit), which fits one call frame. */
  cancelOrders: {
    input: z
      .object({
        orderIds: z.array(orderIdSchema).min(1).max(MAX_CANCELS_PER_BATCH, `at most ${MAX_CANCELS_PER_BATCH} orders can be cancelled at once`),
      })
      .strict(),
    result: returns<{ canceled: string[]; notCanceled: Record<string, string> }>(),
  },
  cancelMarketOrders: {
    input: z.object({ market: z.string().max(100).optional(), assetId: tokenIdSchema.optional() }).strict(),
    result: returns<{ canceled: string[]; notCanceled: Record<string, string> }>(),
  },
  cancelAllOrders: { input: noInput, result: returns<{ canceled: string[]; notCanceled: Record<string, string> }>() },
  listOpenOrders: {
    input: z.object({ market: z.string().max(100).optional(), assetId: tokenIdSchema.optional() }).strict(),
    result: returns<OpenOrderView[]>(),
  },
  /** Walks `/data/trades` to the end as a job (progress in `jobProgressed`). */
  listAccountTrades: {
    input: z.object({ market: z.string().max(100).optional(), jobId: z.string().max(64).optional() }).strict(),
    result: returns<TradeView[]>(),
  },
  cancelJob: { input: z.object({ jobId: z.string().min(1).max(64) }).strict(), result: returns<{ cancelled: boolean }>() },
  getBalanceAllowance: { input: z.object({ tokenId: tokenIdSchema.optional() }).strict(), result: returns<BalanceView>() },
  /** Asks the exchange to re-read balances (`/balance-allowance/update`), then reads them. */
  refreshBalanceAllowance: { input: z.object({ tokenId: tokenIdSchema.optional() }).strict(), result: returns<BalanceView>() },
  getTradingState: { input: noInput, result: returns<TradingState>() },
  /** Every scope of the local rate budget: use, limit, queue and waits (the budget panel). */
  getBudgetState: { input: noInput, result: returns<BudgetStateView>() },
  setHeartbeat: { input: z.object({ enabled: z.boolean() }).strict(), result: returns<TradingState>() },
  /**
   * Per account on the active network. Switching confirmations off where main asks in its own
   * surface (every network but the sandbox) waits for the user's answer there.
   */
  setConfirmOrders: { input: z.object({ enabled: z.boolean() }).strict(), result: returns<TradingState>() },
  getPriceHistory: {
    input: z
      .object({
        tokenId: tokenIdSchema,
        interval: z.enum(['1h', '6h', '1d', '1w', 'max']).default('1d'),
        fidelity: z.int().min(1).max(1440).optional(),
      })
      .strict(),
    result: returns<PricePoint[]>(),
  },
  getOhlc: {
    input: z
      .object({ tokenId: tokenIdSchema, fidelity: ohlcFidelitySchema, startTs: z.int().min(0), limit: z.int().min(1).max(1000).default(500) })
      .strict(),
    result: returns<OhlcBar[]>(),
  },
  getRecentTrades: { input: z.object({ tokenId: tokenIdSchema }).strict(), result: returns<Array<{ price: string; size: string; side: 'BUY' | 'SELL'; at: number }>>() },
  listFillNotifications: { input: noInput, result: returns<FillNotification[]>() },
  /** Notification ids are the exchange's own strings: 300 of at most 100 characters fit one call frame. */
  dismissFillNotifications: { input: z.object({ ids: z.array(z.string().max(100)).max(300, 'at most 300 notifications can be dismissed at once') }).strict(), result: returns<{ dismissed: number }>() },

  /**
   * Positions, figures and closed positions of one account, all accounts, or any address
   * (read-only); realised P&L over `period` (docs/decisions/41-portfolio-numbers/).
   */
  getPortfolio: { input: z.object({ target: walletTargetSchema, period: realisedPeriodSchema }).strict(), result: returns<PortfolioView>() },
  getPortfolioHistory: {
    input: z.object({ target: walletTargetSchema, range: z.enum(['1w', '1m', '3m', '1y', 'all']).default('3m') }).strict(),
    result: returns<PortfolioHistoryView>(),
  },
  /**
   * Brings the local history store of one wallet up to date (newest first until a known row; the
   * first time, or when `full` is set, down to the oldest row) as a job, resumable after a failure
   * or a restart. Progress in `jobProgressed`, new rows in `historyChanged`.
   */
  syncActivityHistory: {
    input: z.object({ address: addressSchema, jobId: jobIdSchema.optional(), full: z.boolean().default(false) }).strict(),
    result: returns<HistorySyncState>(),
  },
  getHistorySyncState: { input: z.object({ address: addressSchema }).strict(), result: returns<HistorySyncState>() },
  /** A window of the filtered, sorted history from the local store (for a virtualized table). */
  queryActivity: {
    input: z
      .object({
        address: addressSchema,
        filter: activityFilterSchema.default({}),
        sort: z.object({ key: z.enum(['timestamp', 'type', 'title', 'size', 'price', 'usdcSize']), direction: z.enum(['asc', 'desc']) }).strict().default({ key: 'timestamp', direction: 'desc' }),
        offset: z.int().min(0).default(0),
        limit: z.int().min(1).max(500).default(200),
      })
      .strict(),
    result: returns<ActivityPageView>(),
  },
  /** Streams the filtered history to a file (save dialog on the desktop, a download in browser mode). */
  exportActivity: {
    input: z.object({ address: addressSchema, filter: activityFilterSchema.default({}), format: z.enum(['csv', 'json']), jobId: jobIdSchema.optional() }).strict(),
    result: returns<ExportResult>(),
  },
  /** A wallet's combo activity; `conditionIds` keeps the steps of those combos only (the service's `condition`). */
  listComboActivity: {
    input: z
      .object({
        address: addressSchema,
        conditionIds: z.array(conditionIdSchema).min(1).max(MAX_CONDITION_IDS, `at most ${MAX_CONDITION_IDS} combos can be filtered at once`).optional(),
        cursor: boardCursorSchema,
        limit: z.int().min(1).max(1000).default(100),
      })
      .strict(),
    result: returns<BoardPage<ComboActivityView>>(),
  },
  /** The combo positions of every wallet a Portfolio target covers (`/v2/positions/combos`). */
  listComboPositions: {
    input: z.object({ target: walletTargetSchema, status: z.enum(['all', 'open', 'closed', 'redeemed']).default('all') }).strict(),
    result: returns<ComboPositionsView>(),
  },
  listApprovals: { input: z.object({ address: addressSchema }).strict(), result: returns<ApprovalView[]>() },
  listBiggestWinners: {
    input: z
      .object({ period: z.enum(BOARD_PERIODS as [string, ...string[]]).default('day'), category: z.string().max(60).regex(/^[a-z0-9][a-z0-9 -]*$/, 'a category is lower case: letters, digits, spaces and dashes').default('overall'), cursor: boardCursorSchema, limit: z.int().min(1).max(1000).default(100) })
      .strict(),
    result: returns<BoardPage<WinnerView>>(),
  },
  listBuildersLeaderboard: {
    input: z.object({ period: z.enum(BOARD_PERIODS as [string, ...string[]]).default('day'), cursor: boardCursorSchema, limit: z.int().min(1).max(1000).default(100) }).strict(),
    result: returns<BoardPage<BuilderRankView>>(),
  },
  getBuilderVolume: {
    input: z.object({ interval: z.enum(BOARD_PERIODS as [string, ...string[]]).default('day'), buckets: z.int().min(1).max(90).default(30) }).strict(),
    result: returns<BuilderVolumeBucketView[]>(),
  },
  /** Traders ranked in a period by P&L or volume (`/v2/leaderboard`). */
  listTraderLeaderboard: {
    input: z
      .object({ period: z.enum(BOARD_PERIODS as [string, ...string[]]).default('day'), orderBy: z.enum(['pnl', 'volume']).default('pnl'), cursor: boardCursorSchema, limit: z.int().min(1).max(1000).default(100) })
      .strict(),
    result: returns<BoardPage<TraderRankView>>(),
  },
  /** The categories the biggest-winners board accepts: the service's own, then the catalog's market categories. */
  listBoardCategories: { input: noInput, result: returns<BoardCategoryView[]>() },
  /** Open interest of one market (`/v2/oi`); null when the service has no row for it. */
  getMarketOpenInterest: { input: z.object({ conditionId: conditionIdSchema }).strict(), result: returns<OpenInterestView | null>() },
  /** The largest holders of one outcome token (`/v2/holders`), largest first. */
  listOutcomeHolders: {
    input: z.object({ tokenId: tokenIdSchema, limit: z.int().min(1).max(100).default(20) }).strict(),
    result: returns<OutcomeHoldersView>(),
  },
  /** A market's fills from the analytics feed (`/v2/trades?condition=`), newest first, a page at a time. */
  listMarketTrades: {
    input: z.object({ conditionId: conditionIdSchema, cursor: boardCursorSchema, limit: z.int().min(1).max(1000).default(100) }).strict(),
    result: returns<BoardPage<MarketTradeView>>(),
  },

  /** The exchange's identity, collateral assets, the profile's instruments and weight budget. */
  getPerpsInfo: { input: noInput, result: returns<PerpsInfoView>() },
  /** Proxies, latest equity and free collateral of each of the user's accounts (or one). */
  listPerpsAccounts: { input: z.object({ accountId: accountIdSchema.optional() }).strict(), result: returns<PerpsAccountView[]>() },
  /** Replaces a proxy: creates a new one with the same label, then deletes the old one. */
  rotatePerpsProxy: { input: z.object({ accountId: accountIdSchema, proxyAddress: addressSchema }).strict(), result: returns<AccountsState>() },
  /** Checks a transfer against free collateral and builds the exact op to sign; signs nothing. */
  previewPerpsTransfer: {
    input: z
      .object({ fromAccountId: accountIdSchema, to: addressSchema, asset: perpsAssetSchema, amount: perpsAmountSchema, label: labelSchema.optional() })
      .strict(),
    result: returns<PerpsTransferPreview>(),
  },
  /** Signs the previewed op with the account's proxy key and sends it. */
  sendPerpsTransfer: { input: z.object({ previewId: z.string().min(1).max(64) }).strict(), result: returns<PerpsTransferResult>() },
  /** Walks an account's transfers or funding (`more`) into the local history store as a job. */
  syncPerpsHistory: {
    input: z.object({ accountId: accountIdSchema, kind: z.enum(['transfers', 'funding']), jobId: jobIdSchema.optional(), full: z.boolean().default(false) }).strict(),
    result: returns<PerpsHistorySyncState>(),
  },
  queryPerpsTransfers: {
    input: z
      .object({
        accountId: accountIdSchema,
        filter: perpsTransferFilterSchema.default({}),
        sort: z.object({ key: z.enum(PERPS_TRANSFER_SORT_KEYS), direction: z.enum(['asc', 'desc']) }).strict().default({ key: 'createdAt', direction: 'desc' }),
        offset: z.int().min(0).default(0),
        limit: z.int().min(1).max(500).default(200),
      })
      .strict(),
    result: returns<PerpsTransfersPage>(),
  },
  exportPerpsTransfers: {
    input: z.object({ accountId: accountIdSchema, filter: perpsTransferFilterSchema.default({}), format: z.enum(['csv', 'json']), jobId: jobIdSchema.optional() }).strict(),
    result: returns<ExportResult>(),
  },
  queryPerpsFunding: {
    input: z
      .object({ accountId: accountIdSchema, instrumentId: perpsInstrumentIdSchema.optional(), offset: z.int().min(0).default(0), limit: z.int().min(1).max(500).default(200) })
      .strict(),
    result: returns<PerpsFundingPage>(),
  },
  getPerpsEquity: {
    input: z
      .object({ accountId: accountIdSchema, interval: z.enum(PERPS_EQUITY_INTERVALS), points: z.int().min(2).max(5000).default(500) })
      .strict(),
    result: returns<PerpsEquitySeries>(),
  },
  /** The public trade tape of one instrument, newest first. */
  listPerpsTrades: {
    input: z.object({ instrumentId: perpsInstrumentIdSchema, limit: z.int().min(1).max(100).default(100) }).strict(),
    result: returns<PerpsPublicTradeView[]>(),
  },
  getPerpsReferral: { input: z.object({ accountId: accountIdSchema }).strict(), result: returns<PerpsReferralView>() },
  /** Creates or returns the account's primary invite code (idempotent). */
  createPerpsInvite: { input: z.object({ accountId: accountIdSchema }).strict(), result: returns<PerpsReferralView>() },
  /** Applies a referral code; refused when the account already has one. */
  applyPerpsReferralCode: { input: z.object({ accountId: accountIdSchema, code: referralCodeSchema }).strict(), result: returns<PerpsReferralView>() },

  /** Sandbox only: credit paper collateral to an account on the perps exchange. */
  requestSandboxPerpsFunds: {
    input: z.object({ accountId: accountIdSchema, asset: perpsAssetSchema, amount: perpsAmountSchema }).strict(),
    result: returns<PerpsAccountView>(),
  },
  /** Sandbox only: set a paper position (signed size, 0 closes) at the current mark price. */
  setSandboxPerpsPosition: {
    input: z
      .object({ accountId: accountIdSchema, instrumentId: perpsInstrumentIdSchema, size: z.string().max(24).regex(/^-?\d{1,9}(\.\d{1,6})?$/, 'the size is a signed decimal with at most 6 decimals') })
      .strict(),
    result: returns<PerpsAccountView>(),
  },

  /** Sandbox only: credit paper USD to the active account. */
  requestSandboxFunds: {
    input: z.object({ amount: decimalSchema('the amount').refine((a) => Number(a) > 0 && Number(a) <= 1_000_000, 'the amount must be above 0 and at most 1,000,000') }).strict(),
    result: returns<BalanceView>(),
  },
  /** Sandbox only: switch the exchange mode, to see how the app behaves in each. */
  setSandboxExchangeMode: {
    input: z
      .object({
        mode: z.enum(['normal', 'trading-disabled', 'cancel-only', 'post-only', 'restarting']),
        retryAfterSeconds: z.int().min(1).max(3600).optional(),
      })
      .strict(),
    result: returns<TradingState>(),
  },
  /** Sandbox only: put the active account's address in closed-only mode or ban it. */
  setSandboxAddressRestriction: {
    input: z.object({ restriction: z.enum(['none', 'closed-only', 'banned']) }).strict(),
    result: returns<TradingState>(),
  },

  // ── prefs: display preferences and alerts ──
  /** Theme, price and time formats, time zone, default order size, fill alerts. */
  getDisplayPrefs: { input: noInput, result: returns<DisplayPrefs>() },
  /** Changes some preferences (the rest stay); every window applies them at once. */
  setDisplayPrefs: { input: displayPrefsChangeSchema, result: returns<DisplayPrefs>() },
  /** Waiting price alerts and the log of alerts that fired. */
  listAlerts: { input: noInput, result: returns<AlertsState>() },
  /** A one-shot alert on an outcome's mid or last trade crossing a price. */
  createPriceAlert: { input: priceAlertInputSchema, result: returns<AlertsState>() },
  removePriceAlert: { input: z.object({ alertId: z.string().min(1).max(64) }).strict(), result: returns<AlertsState>() },
  clearAlertLog: { input: noInput, result: returns<AlertsState>() },
  // ── markets: the watchlist (event ids), kept in main's settings so it survives restarts ──
  getWatchlist: { input: noInput, result: returns<string[]>() },
  setWatchlisted: {
    input: z.object({ eventId: catalogIdSchema, watched: z.boolean() }).strict(),
    result: returns<string[]>(),
  },
  // --- ladder: order amend (cancel and replace as one action) ---
  /** Changes the price, size or post-only flag of a working order: cancels it, then places the replacement. */
  amendOrder: {
    input: z
      .object({
        orderId: orderIdSchema,
        price: decimalSchema('the price').optional(),
        size: decimalSchema('the size').optional(),
        postOnly: z.boolean().optional(),
      })
      .strict()
      .refine((a) => a.price !== undefined || a.size !== undefined || a.postOnly !== undefined, { message: 'give a new price, a new size or the post-only flag', path: ['price'] }),
    result: returns<AmendResult>(),
  },
  // ── profiles (issue 13): network profiles, connection test, export and import ──
  /** The built-in sandbox, the user's profiles and which network is active. */
  listNetworkProfiles: { input: noInput, result: returns<NetworkProfilesView>() },
  /** Adds a profile or replaces the one with its id (not the active one). */
  saveNetworkProfile: { input: z.object({ profile: networkProfileSchema }).strict(), result: returns<NetworkProfilesView>() },
  /** Deletes a user profile (not the active one, never the sandbox). */
  deleteNetworkProfile: { input: z.object({ id: networkProfileIdSchema }).strict(), result: returns<NetworkProfilesView>() },
  /** Asks each service of a profile (saved or not) what a running network relies on; a row per check. */
  testNetworkProfile: { input: z.object({ profile: networkProfileSchema }).strict(), result: returns<ConnectionTestReport>() },
  /** The JSON file of the given profiles (all when none given): no secrets in it. */
  exportNetworkProfiles: {
    input: z.object({ ids: z.array(networkProfileIdSchema).max(50).optional() }).strict(),
    result: returns<NetworkProfilesExport>(),
  },
  /** Imports a profiles file: all of it, or nothing with the reason each refused profile was refused. */
  importNetworkProfiles: {
    input: z
      .object({
        // 40,000 characters: even at JSON's worst case per character the call fits one bridge frame.
        fileText: z.string().max(40_000, 'the file is larger than a profiles file can be (40,000 characters)'),
        replaceExisting: z.boolean().default(false),
      })
      .strict(),
    result: returns<NetworkProfilesImportResult>(),
  },
  // ── guardrails: live-money guardrails (first signed operation of each kind explained once per live network) ──
  /** What the account (default: the active one) has had explained on the active network, and what is still to explain. */
  getLiveAcknowledgements: { input: z.object({ accountId: accountIdSchema.optional() }).strict(), result: returns<LiveAcknowledgementsView>() },
  // ── switching: change the network without a restart (issue 13) ──
  /** The networks the title bar offers (the sandbox first), with the active one marked. */
  listNetworks: { input: noInput, result: returns<NetworkChoice[]>() },
  /** What rests or runs on the current network that a switch to `networkId` would stop. */
  getNetworkSwitchPreflight: {
    input: z.object({ networkId: networkIdSchema }).strict(),
    result: returns<NetworkSwitchPreflight>(),
  },
  /** Switches to `networkId`; refused while something rests or runs unless `confirmed`. */
  switchNetwork: {
    input: z.object({ networkId: networkIdSchema, confirmed: z.boolean().optional() }).strict(),
    result: returns<NetworkInfo>(),
  },
  // ── updater: app updates (electron-updater in the installed desktop app) ──
  /** Where updates stand: off and why, checking, downloading with progress, ready to install. */
  getUpdateState: { input: noInput, result: returns<UpdateState>() },
  /** Asks the feed now (refused with the reason while updates are off). */
  checkForUpdates: { input: noInput, result: returns<UpdateState>() },
  /** Downloads the update found (again, after a cancel). */
  downloadUpdate: { input: noInput, result: returns<UpdateState>() },
  cancelUpdateDownload: { input: noInput, result: returns<UpdateState>() },
  /**
   * Restarts into the downloaded update. Unless `confirmed`, nothing happens while an order may
   * rest or a heartbeat runs: the answer lists them for the user to confirm.
   */
  installUpdate: { input: z.object({ confirmed: z.boolean() }).strict(), result: returns<InstallUpdateResult>() },
  // ── world (issue 8): the last synced portfolio at once ──
  /**
   * The last synced portfolio of the target from the local store, asking no service (null when a
   * wallet of it was never read): what Portfolio shows the moment it opens, marked with its age.
   */
  getKeptPortfolio: { input: z.object({ target: walletTargetSchema, period: realisedPeriodSchema }).strict(), result: returns<PortfolioView | null>() },
  // ── authority: questions main asks in a surface of its own (the page can decline, never confirm) ──
  /** The questions main is waiting on (a page that reloads finds them again). */
  listPendingConfirmations: { input: noInput, result: returns<PendingConfirmationView[]>() },
  /** Declines an open question: reducing risk is one click, so the page may say no, never yes. */
  declineConfirmation: { input: z.object({ id: z.string().min(1).max(64) }).strict(), result: returns<{ declined: boolean }>() },
  /** Main asks in its own surface on the sandbox too (it always does elsewhere); turning it off there is asked first. */
  setSandboxMainConfirmations: { input: z.object({ enabled: z.boolean() }).strict(), result: returns<{ enabled: boolean }>() },
  // ── risk (issue 19): pre-trade risk limits and the kill switch ──
  /** The active account's limits on this network and what it has used of them (`tokenId`: that outcome's position too). */
  getRiskState: { input: z.object({ tokenId: tokenIdSchema.optional() }).strict(), result: returns<RiskStateView>() },
  /**
   * Changes some limits of an account on the network the page names. Lowering a limit or turning
   * one on is written at once; raising one or turning it off waits for the user's answer in main's
   * own confirmation surface (on every network but the sandbox) and is refused with `not_confirmed` on a no.
   */
  setRiskLimits: {
    input: z.object({ accountId: accountIdSchema, networkId: liveNetworkIdSchema, limits: riskLimitsChangeSchema }).strict(),
    result: returns<RiskStateView>(),
  },
  /** Cancels every open order of every account on the named (current) network and stops every heartbeat. */
  killSwitch: { input: z.object({ networkId: liveNetworkIdSchema }).strict(), result: returns<KillSwitchResult>() },
} as const;


export type BridgeChannels = typeof bridgeChannels;
export type ChannelName = keyof BridgeChannels;
export type ChannelInput<K extends ChannelName> = z.input<BridgeChannels[K]['input']>;
export type ParsedChannelInput<K extends ChannelName> = z.output<BridgeChannels[K]['input']>;
export type ChannelResult<K extends ChannelName> = BridgeChannels[K]['result'];

// The pushed events and the API built over a transport live in modules without zod, so the
// renderer's entry and the preload load neither zod nor the channels' schemas.
export { bridgeEvents, type BridgeEvents, type EventName, type EventPayload } from './bridgeEvents';
export {
  buildBridgeApi,
  channelNames,
  eventNames,
  ipcChannelFor,
  ipcEventFor,
  subscriptionKey,
  type BridgeApi,
  type BridgeEventSubscriptions,
  type BridgeTransport,
  type Unsubscribe,
} from './bridgeApi';
