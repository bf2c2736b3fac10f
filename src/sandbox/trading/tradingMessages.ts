/**
 * Every message the trading half answers with. The spec's messages are copied exactly
 * (spec/order-book-and-catalog.md, "Errors"); where the spec names only a condition, the
 * wording below is the sandbox's decision, documented in docs/decisions.md.
 */
export const TRADING_MESSAGES = {
  // Spec, exact.
  invalidOrderPayload: 'Invalid order payload',
  ownerMismatch: 'the order owner has to be the owner of the API KEY',
  signerMismatch: 'the order signer address has to be the address of the API KEY',
  banned: (address: string) => `'${address}' address banned`,
  closedOnly: (address: string) => `'${address}' address in closed only mode`,
  tradingDisabled: 'Trading is currently disabled. Check the service site for updates',
  cancelOnly: 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.',
  postOnlyMode: 'post-only mode: only post-only orders and cancels are allowed',
  tooManyOrders: (count: number, max: number) => `Too many orders in payload: ${count}, max allowed: ${max}`,
  tooManyCancels: (max: number) => `Too many orders in payload, max allowed: ${max}`,
  postOnlyCrosses: 'invalid post-only order: order crosses book',
  tickRule: (id: string, price: string, tick: string) => `order ${id} is invalid. Price (${price}) breaks minimum tick size rule: ${tick}`,
  minSize: (id: string, size: string, min: string) => `order ${id} is invalid. Size (${size}) lower than the minimum: ${min}`,
  duplicated: (id: string) => `order ${id} is invalid. Duplicated.`,
  notEnoughBalance: 'not enough balance / allowance',
  invalidExpiration: 'invalid expiration',
  marketNotReady: 'the market is not yet ready to process new orders',
  orderTimedOut: 'order timed out',
  invalidOrderId: 'Invalid orderID',
  invalidOrderParams: 'invalid order params payload',
  invalidTradeParams: 'Invalid trade params payload',
  invalidAssetType: 'Invalid asset type',
  invalidSignatureType: 'Invalid signature_type',
  startTsRequired: 'startTs is required',
  assetIdRequired: 'asset_id is required',
  invalidFidelity: (value: string) => `invalid fidelity: ${value}`,
  limitTooLarge: 'limit cannot exceed 1000',
  tooManyRequests: 'Too Many Requests',
  // Sandbox wording for conditions the spec names without a message.
  fokNotFilled: "order couldn't be fully filled. FOK orders are fully filled or killed.",
  fakNoMatch: 'no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.',
  engineRestarting: 'matching engine restarting; retry with exponential backoff',
  orderNotFound: 'order not found',
  notCanceledUnknown: 'Order not found or already canceled',
  notCanceledMatched: 'Order already matched',
  invalidLimit: (value: string) => `invalid limit: ${value}`,
  invalidHistoryFilter: (name: string) => `invalid filters: ${name}`,
  invalidNotificationIds: 'invalid notification ids',
  invalidHeartbeat: 'invalid heartbeat payload',
} as const;
