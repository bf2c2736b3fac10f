/**
 * The authority class of every bridge channel: what a call may do on the page's word alone, and
 * where main takes the decision itself. Part of the contract: a channel without a class does not
 * compile, and main's authority gate (src/main/core/authority) must hold a gate for every channel
 * of class `confirm` (a test fails otherwise). The page asks; main decides.
 */
import type { ChannelName } from './contract';

export const AUTHORITY_CLASSES = ['read', 'app', 'account', 'trade', 'confirm', 'reduce', 'secret', 'sandbox'] as const;
export type AuthorityClass = (typeof AUTHORITY_CLASSES)[number];

/** What each class means, in the words the threat model uses. */
export const AUTHORITY_CLASS_MEANING: Record<AuthorityClass, string> = {
  read: 'reads; changes nothing anywhere',
  app: "changes this app's own state (preferences, watchlist, alerts, labels, the active account or network, local history, files the user saves); moves no value and lowers no guardrail",
  account: "changes the user's account at a service without moving value or lowering a guardrail (invite and referral codes, dismissed notifications)",
  trade: 'signs and sends orders, each checked in main against the risk limits before it is signed, and confirmed in main’s own surface where order confirmations are on',
  confirm: 'moves value to an address that is not one of the user’s key-holding accounts, issues credentials or proxies, or lowers a guardrail: waits for the user’s answer in a surface main owns',
  reduce: 'reduces risk (cancels, locks, revokes, stops, declines): never asks, always one click',
  secret: 'reveals, exports or deletes a key: needs the vault password, and shows the key only in a surface main owns',
  sandbox: 'acts on the embedded sandbox exchange only; refused on every other network',
};

export const channelAuthority = {
  getAppStatus: 'read',
  listCatalogTags: 'read',
  searchCatalogEvents: 'read',
  getCatalogEvent: 'read',
  watchOrderBooks: 'read',
  getVaultState: 'read',
  createVault: 'app',
  unlockVault: 'app',
  unlockVaultWithDevice: 'app',
  lockVault: 'reduce',
  // Turning it on keeps the vault key in the OS keychain; turning it off reduces risk.
  setRememberOnDevice: 'confirm',
  // A longer idle limit, or none, lowers a guardrail; a shorter one reduces risk.
  setAutoLockMinutes: 'confirm',
  reportUserActivity: 'app',
  listAccounts: 'read',
  createAccount: 'app',
  importPrivateKeyAccount: 'app',
  importKeystoreAccount: 'app',
  addWatchOnlyAccount: 'app',
  renameAccount: 'app',
  reorderAccounts: 'app',
  removeAccount: 'secret',
  switchAccount: 'app',
  exportAccountKeystore: 'secret',
  revealAccountPrivateKey: 'secret',
  // An L1 signature that whoever receives it can replay to derive the account's API keys.
  createClobCredentials: 'confirm',
  deleteClobCredentials: 'reduce',
  rotateClobCredentials: 'confirm',
  createPerpsProxy: 'confirm',
  deletePerpsProxy: 'reduce',
  previewOrder: 'read',
  previewOrders: 'read',
  placeOrder: 'trade',
  placeOrders: 'trade',
  cancelOrder: 'reduce',
  cancelOrders: 'reduce',
  cancelMarketOrders: 'reduce',
  cancelAllOrders: 'reduce',
  listOpenOrders: 'read',
  listAccountTrades: 'read',
  cancelJob: 'app',
  getBalanceAllowance: 'read',
  refreshBalanceAllowance: 'read',
  getTradingState: 'read',
  getBudgetState: 'read',
  // On or off, a heartbeat only ever makes the exchange cancel orders sooner.
  setHeartbeat: 'reduce',
  // Switching order confirmations off lowers a guardrail; switching them on reduces risk.
  setConfirmOrders: 'confirm',
  getPriceHistory: 'read',
  getOhlc: 'read',
  getRecentTrades: 'read',
  listFillNotifications: 'read',
  dismissFillNotifications: 'account',
  getPortfolio: 'read',
  getPortfolioHistory: 'read',
  syncActivityHistory: 'app',
  getHistorySyncState: 'read',
  queryActivity: 'read',
  exportActivity: 'app',
  listComboActivity: 'read',
  listApprovals: 'read',
  listBiggestWinners: 'read',
  listBuildersLeaderboard: 'read',
  getBuilderVolume: 'read',
  listComboPositions: 'read',
  listTraderLeaderboard: 'read',
  listBoardCategories: 'read',
  getMarketOpenInterest: 'read',
  listOutcomeHolders: 'read',
  listMarketTrades: 'read',
  getPerpsInfo: 'read',
  listPerpsAccounts: 'read',
  rotatePerpsProxy: 'confirm',
  // Builds and holds the op; signs nothing.
  previewPerpsTransfer: 'read',
  // To one of the user's key-holding accounts it moves nothing out; to any other address main asks.
  sendPerpsTransfer: 'confirm',
  syncPerpsHistory: 'app',
  queryPerpsTransfers: 'read',
  exportPerpsTransfers: 'app',
  queryPerpsFunding: 'read',
  getPerpsEquity: 'read',
  listPerpsTrades: 'read',
  getPerpsReferral: 'read',
  createPerpsInvite: 'account',
  applyPerpsReferralCode: 'account',
  requestSandboxPerpsFunds: 'sandbox',
  setSandboxPerpsPosition: 'sandbox',
  requestSandboxFunds: 'sandbox',
  setSandboxExchangeMode: 'sandbox',
  setSandboxAddressRestriction: 'sandbox',
  getDisplayPrefs: 'read',
  setDisplayPrefs: 'app',
  listAlerts: 'read',
  createPriceAlert: 'app',
  removePriceAlert: 'app',
  clearAlertLog: 'app',
  getWatchlist: 'read',
  setWatchlisted: 'app',
  // Cancels a working order and signs its replacement.
  amendOrder: 'trade',
  listNetworkProfiles: 'read',
  // Changing the URLs of a profile that holds credentials or proxies would send them elsewhere.
  saveNetworkProfile: 'confirm',
  deleteNetworkProfile: 'app',
  testNetworkProfile: 'read',
  exportNetworkProfiles: 'read',
  importNetworkProfiles: 'confirm',
  getLiveAcknowledgements: 'read',
  listNetworks: 'read',
  getNetworkSwitchPreflight: 'read',
  switchNetwork: 'app',
  getUpdateState: 'read',
  checkForUpdates: 'app',
  downloadUpdate: 'app',
  cancelUpdateDownload: 'app',
  installUpdate: 'app',
  getKeptPortfolio: 'read',
  declineConfirmation: 'reduce',
  listPendingConfirmations: 'read',
  // Turning it on reduces risk; turning it off is asked in main's surface.
  setSandboxMainConfirmations: 'confirm',
  getRiskState: 'read',
  // Lowering a limit or turning one on is written at once; raising or turning one off is asked.
  setRiskLimits: 'confirm',
  killSwitch: 'reduce',
} as const satisfies Record<ChannelName, AuthorityClass>;

export type ChannelsOfClass<C extends AuthorityClass> = {
  [K in ChannelName]: (typeof channelAuthority)[K] extends C ? K : never;
}[ChannelName];
