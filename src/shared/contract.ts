/**
 * The bridge contract: every channel's name, its input schema and its result type, and every
 * pushed event. Main, preload, the web host and the renderer all import this file, so the
 * compiler enforces that they agree. There is deliberately no generic `invoke(channel, …)` on
 * `window.api`: each operation is a named method derived from this table.
 */
import { z } from 'zod';
import type { BridgeResult } from './result';
import {
  SIGNATURE_TYPES,
  type AccountsState,
  type KeystoreExport,
  type SecretRevealResult,
  type VaultState,
} from './custodyViews';
import type {
  AppStatus,
  CatalogTag,
  EventDetail,
  EventsPage,
  OrderBookView,
} from './viewModels';

/** A typed placeholder that carries a result or payload type without a runtime value. */
const returns = <T>() => undefined as unknown as T;

const noInput = z.object({}).strict();

/** Order-book asset ids are unsigned decimal integers (uint256). */
export const tokenIdSchema = z
  .string()
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
const accountIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be an account id');
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits');
const labelSchema = z
  .string()
  .trim()
  .min(1, 'a label is required')
  .max(60, 'a label must be at most 60 characters');
const walletSettingsSchema = {
  signatureType: z.enum(SIGNATURE_TYPES).default('EOA'),
  /** Required for PROXY, SAFE and DEPOSIT_WALLET; refused for EOA (checked in main). */
  funder: addressSchema.optional(),
};

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
        keystoreJson: z.string().min(2).max(65_536, 'a keystore file is at most 64 KiB'),
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
  exportAccountKeystore: {
    input: z
      .object({ accountId: accountIdSchema, password: existingPasswordSchema, keystorePassword: passwordSchema('the keystore password') })
      .strict(),
    result: returns<KeystoreExport>(),
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
        expiryDays: z.int().min(1).max(365, 'a proxy can live at most 365 days'),
        referralCode: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'a referral code has letters, digits, "-" and "_" only').optional(),
      })
      .strict(),
    result: returns<AccountsState>(),
  },
  deletePerpsProxy: { input: z.object({ proxyAddress: addressSchema }).strict(), result: returns<AccountsState>() },
} as const;

export const bridgeEvents = {
  appStatusChanged: returns<AppStatus>(),
  orderBooksUpdated: returns<{ books: OrderBookView[] }>(),
  vaultStateChanged: returns<VaultState>(),
  accountsChanged: returns<AccountsState>(),
} as const;

export type BridgeChannels = typeof bridgeChannels;
export type ChannelName = keyof BridgeChannels;
export type ChannelInput<K extends ChannelName> = z.input<BridgeChannels[K]['input']>;
export type ParsedChannelInput<K extends ChannelName> = z.output<BridgeChannels[K]['input']>;
export type ChannelResult<K extends ChannelName> = BridgeChannels[K]['result'];

export type BridgeEvents = typeof bridgeEvents;
export type EventName = keyof BridgeEvents;
export type EventPayload<K extends EventName> = BridgeEvents[K];

export const channelNames = Object.keys(bridgeChannels) as ChannelName[];
export const eventNames = Object.keys(bridgeEvents) as EventName[];

export type Unsubscribe = () => void;

export type BridgeEventSubscriptions = {
  [K in EventName as `on${Capitalize<K>}`]: (listener: (payload: EventPayload<K>) => void) => Unsubscribe;
};

/** What the renderer sees as `window.api`. */
export type BridgeApi = {
  [K in ChannelName]: (input: ChannelInput<K>) => Promise<BridgeResult<ChannelResult<K>>>;
} & { events: BridgeEventSubscriptions };

/** The wire that carries the contract: Electron IPC in the desktop app, a WebSocket in browser mode. */
export interface BridgeTransport {
  invoke(channel: ChannelName, input: unknown): Promise<BridgeResult<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): Unsubscribe;
}

export const subscriptionKey = (event: EventName): string =>
  `on${event.charAt(0).toUpperCase()}${event.slice(1)}`;

/** Builds the named-method API from the contract over any transport. */
export function buildBridgeApi(transport: BridgeTransport): BridgeApi {
  const api: Record<string, unknown> = {};
  for (const channel of channelNames) {
    api[channel] = (input: unknown) => transport.invoke(channel, input);
  }
  const events: Record<string, unknown> = {};
  for (const event of eventNames) {
    events[subscriptionKey(event)] = (listener: (payload: unknown) => void) =>
      transport.subscribe(event, listener);
  }
  api.events = events;
  return api as BridgeApi;
}

/** IPC channel names are namespaced so nothing else on the IPC bus can collide with them. */
export const ipcChannelFor = (channel: ChannelName): string => `marketdesk:call:${channel}`;
export const ipcEventFor = (event: EventName): string => `marketdesk:event:${event}`;
