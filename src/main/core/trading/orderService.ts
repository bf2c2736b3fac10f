/**
 * Placing and cancelling signed orders for the active account. Every ticket is checked locally
 * first (ticketChecks), built and signed exactly (src/shared/orders), sent once as the bytes
 * that were signed, and every answer of the exchange comes back as a sentence naming the order.
 */
import type { Hex } from 'viem';
import { buildSignedOrder, toPostOrderBody } from '../../../signing/buildOrder';
import { OrderAmountError } from '../../../shared/orders/orderAmounts';
import { parseDecimal } from '../../../shared/decimal';
import { price, sentence, shares as sharesFigure, usd, withoutFullStop, words, type Sentence } from '../../../shared/sentence';
import {
  MAX_CANCELS_PER_BATCH,
  SIGNATURE_TYPE_CODES,
  type ExchangeContracts,
  type PostOrderResponse,
} from '../../../shared/orders/orderSchema';
import type { TickSize } from '../../../shared/protocol/clob';
import type { AmendRequest, AmendResult, OpenOrderView, OrderPreview, OrderTicket, PlacedOrder } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import { withPrivateKey } from '../accounts/signingKeys';
import type { VaultSession } from '../accounts/vaultSession';
import { CoreError } from '../coreError';
import type { HttpClient } from '../net/httpClient';
import type { AuthenticatedClob } from './authenticatedClob';
import { assertCancelsAccepted } from './cancelChecks';
import type { AvailableBalances } from './availableBalances';
import type { ExchangeModeTracker } from './exchangeModeTracker';
import { estimateFill } from './fillEstimate';
import { readMarketBook, type OrderVersionCache } from './marketInfo';
import { answerWasLost, reconcileLostOrder } from './lostOrderAnswers';
import { isMarketOrder, ticketMarketFacts, type MarketLookup } from './marketLookup';
import { amendOrder } from './orderAmend';
import type { OrderFlags } from './orderFlags';
import { toOpenOrderView } from './orderViews';
import { placedFromAnswer, placedFromError, ticketSentence } from './placedOrders';
import { retryWhileRestarting } from './restartBackoff';
import { signerWindows } from './signerBudgets';
import { ticketAmounts, type TicketAmounts } from './ticketAmounts';
import { gridShortfalls, ticketProblems } from './ticketChecks';
import type { OrderConfirmationPort } from '../authority/orderConfirmations';
import { traceMark } from '../../../shared/perfTrace';
import type { Gathered, PricedOrder, RiskGate } from '../risk/riskGate';

export interface OrderServiceOptions {
  http: HttpClient;
  clob: AuthenticatedClob;
  session: VaultSession;
  modes: ExchangeModeTracker;
  versions: OrderVersionCache;
  balances: AvailableBalances;
  /** Market by token and fee rate: every ticket's state and fee line, and what a market or version-1 order signs. */
  markets: MarketLookup;
  /** The post-only flag of each order placed here, which the exchange's order rows do not carry. */
  flags: OrderFlags;
  contracts: () => ExchangeContracts;
  /** Where orders are confirmed, and main's own question before signing where main asks (authority/). */
  confirmation: OrderConfirmationPort;
  /** Open orders or balances may have changed for this account. */
  onOrdersTouched: (account: StoredAccount) => void;
  /** The user cancelled these orders (their disappearance is not the exchange's doing). */
  onUserCancelled?: (orderIds: string[], account: StoredAccount) => void;
  /** risk: the pre-trade limits, checked before anything is signed (none: no limits). */
  risk?: RiskGate;
  /**
   * The exchange answered these placements (accepted or not). What it returns (a taker fill's
   * trades on their way to the page) is waited for, at most ANSWERED_PUSH_WAIT_MS, before the
   * answer goes back, so the page shows the answer and the trade in one frame, not two.
   */
  onPlaced?: (account: StoredAccount, placed: PlacedOrder[]) => Promise<void> | void;
}

export interface CancelResult {
  canceled: string[];
  notCanceled: Record<string, string>;
}

interface PreparedTicket {
  preview: OrderPreview;
  negRisk: boolean;
  feeRateBps: bigint;
  /** What the ticket may use (USD for a BUY, the outcome's shares for a SELL); null when unknown. */
  available: string | null;
  /** The book's midpoint (or the ticket's price): what held shares are valued at by the position limit. */
  mark: string;
}

/**
 * How long an answer waits for what onPlaced started (a taker fill's trades read by id on
 * loopback take a few ms); a slower read is pushed when it comes, and the answer goes now.
 */
const ANSWERED_PUSH_WAIT_MS = 100;

/** Resolves when `work` settles or after `ms`, whichever is first; never rejects. */
function settledWithin(work: Promise<void> | void, ms: number): Promise<void> {
  if (!work) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

const priced = ({ preview, mark }: PreparedTicket): PricedOrder => ({
  tokenId: preview.ticket.tokenId,
  side: preview.ticket.side,
  shares: preview.shares,
  notional: preview.notional,
  mark,
});

export class OrderService {
  constructor(private readonly options: OrderServiceOptions) {}

  /** The ticket checked and priced; a risk limit it would cross comes back as `riskLimit`, in the words a refusal would use. */
  async preview(ticket: OrderTicket): Promise<OrderPreview> {
    const { preview, riskLimit } = await this.checked(this.options.clob.tradingAccount(), ticket, 'order');
    return riskLimit ? { ...preview, riskLimit } : preview;
  }

  /**
   * A quote grid checked before it is confirmed: every level as `preview` checks it, then the
   * levels' funds together, in order (a level the ones before it leave short of funds says so).
   */
  async previewBatch(tickets: OrderTicket[]): Promise<OrderPreview[]> {
    const account = this.options.clob.tradingAccount();
    const gathering = this.gatherRisk(account, tickets);
    const prepared = withGridShortfalls(await Promise.all(tickets.map((ticket) => this.prepare(account, ticket))));
    const refusal = gathering ? this.options.risk!.refusal(await gathering, prepared.map(priced), tickets.length > 1 ? 'grid' : 'order') : null;
    return prepared.map(({ preview }) => (refusal ? { ...preview, riskLimit: refusal.sentence } : preview));
  }

  async place(ticket: OrderTicket): Promise<PlacedOrder> {
    const [placed] = await this.send([ticket]);
    return placed!;
  }

  async placeBatch(tickets: OrderTicket[]): Promise<PlacedOrder[]> {
    return this.send(tickets);
  }

  async cancel(orderIds: string[]): Promise<CancelResult> {
    const account = this.options.clob.tradingAccount();
    assertCancelsAccepted(this.options.modes.snapshot(account.address));
    const result: CancelResult = { canceled: [], notCanceled: {} };
    try {
      if (orderIds.length === 1) {
        merge(result, await this.cancelRequest(account, 'DELETE', '/order', { orderID: orderIds[0] }));
      } else {
        for (let i = 0; i < orderIds.length; i += MAX_CANCELS_PER_BATCH) {
          merge(result, await this.cancelRequest(account, 'DELETE', '/orders', orderIds.slice(i, i + MAX_CANCELS_PER_BATCH)));
        }
      }
    } finally {
      this.options.onOrdersTouched(account);
    }
    return result;
  }

  /** Cancel and replace as one action (orderAmend.ts); both answers come back together. */
  async amend(request: AmendRequest): Promise<AmendResult> {
    const account = this.options.clob.tradingAccount();
    // The replacement is checked once for both ports (one book read, one gathering).
    let last: { ticket: OrderTicket; check: ReturnType<OrderService['checked']> } | null = null;
    const check = (ticket: OrderTicket) => {
      if (last?.ticket !== ticket) last = { ticket, check: this.checked(account, ticket, 'amend', request.orderId) };
      return last.check;
    };
    return amendOrder(
      {
        readOrder: (orderId) => this.readOrder(account, orderId),
        postOnlyOf: (orderId) => this.options.flags.postOnlyOf(orderId),
        problems: async (ticket) => (await check(ticket)).preview.problems,
        riskLimit: async (ticket) => (await check(ticket)).riskLimit,
        // Asked before the cancel, within the limits: a "no" must leave the working order as it was.
        confirm: async (ticket) => this.options.confirmation.beforeSigning(account, [(await check(ticket)).preview]),
        cancel: (orderId) => this.cancel([orderId]),
        place: async (ticket) => (await this.send([ticket], { confirmed: true }))[0]!,
      },
      request,
    );
  }

  private async readOrder(account: StoredAccount, orderId: string): Promise<OpenOrderView | null> {
    try {
      const row = await this.options.clob.request<Record<string, unknown>>(account, { method: 'GET', path: `/data/order/${orderId}` });
      return row && typeof row === 'object' ? toOpenOrderView(row, (id) => this.options.flags.postOnlyOf(id)) : null;
    } catch (error) {
      if (error instanceof CoreError && error.status === 404) return null;
      throw error;
    }
  }

  async cancelMarket(filter: { market?: string | undefined; assetId?: string | undefined }): Promise<CancelResult> {
    const account = this.options.clob.tradingAccount();
    assertCancelsAccepted(this.options.modes.snapshot(account.address));
    const body = { ...(filter.market ? { market: filter.market } : {}), ...(filter.assetId ? { asset_id: filter.assetId } : {}) };
    try {
      return await this.cancelRequest(account, 'DELETE', '/cancel-market-orders', body);
    } finally {
      this.options.onOrdersTouched(account);
    }
  }

  async cancelAll(): Promise<CancelResult> {
    return this.cancelAllOf(this.options.clob.tradingAccount());
  }

  /** `DELETE /cancel-all` for any account with credentials (the kill switch cancels every account's). */
  async cancelAllOf(account: StoredAccount): Promise<CancelResult> {
    assertCancelsAccepted(this.options.modes.snapshot(account.address));
    try {
      return await this.cancelRequest(account, 'DELETE', '/cancel-all', undefined);
    } finally {
      this.options.onOrdersTouched(account);
    }
  }

  private async send(tickets: OrderTicket[], { confirmed = false } = {}): Promise<PlacedOrder[]> {
    const account = this.options.clob.tradingAccount();
    // risk: what the limits need is gathered alongside the orders' own book reads.
    const gathering = this.gatherRisk(account, tickets);
    const prepared = withGridShortfalls(await Promise.all(tickets.map((ticket) => this.prepare(account, ticket))));
    const refused = prepared.filter((p) => p.preview.problems.length > 0);
    if (refused.length > 0) throw new CoreError('invalid_input', refusalSentence(prepared, refused));
    // The orders count against the limits from here until the exchange answers (or they are given up).
    const release = gathering ? this.options.risk!.enforce(await gathering, prepared.map(priced), tickets.length > 1 ? 'grid' : 'order') : null;
    traceMark('order.checked');
    try {
      return await this.confirmSignAndPost(account, tickets, prepared, confirmed);
    } finally {
      release?.();
    }
  }

  private async confirmSignAndPost(account: StoredAccount, tickets: OrderTicket[], prepared: PreparedTicket[], confirmed: boolean): Promise<PlacedOrder[]> {
    // After every check, before the key is touched: what main's question shows is what is signed.
    if (!confirmed) await this.options.confirmation.beforeSigning(account, prepared.map((p) => p.preview));
    traceMark('order.confirmed');
    const owner = (await this.options.clob.credentialsOf(account)).apiKey;
    const signed = await withPrivateKey(this.options.session, account, async (privateKey) =>
      prepared.map(({ preview, negRisk, feeRateBps }) => this.signedBody(account, preview, negRisk, feeRateBps, privateKey, owner)),
    );
    traceMark('order.signed');
    const bodies = signed.map((s) => s.body);
    const single = bodies.length === 1;
    const path = single ? '/order' : '/orders';
    const bodyText = single ? bodies[0]! : `[${bodies.join(',')}]`;
    try {
      const answer = await retryWhileRestarting(() =>
        this.options.clob.request<PostOrderResponse | PostOrderResponse[]>(account, {
          method: 'POST',
          path,
          bodyText,
          extraWindows: signerWindows(account.address, 'orders'),
          priority: 'order',
        }),
      );
      traceMark('order.answered');
      const answers = Array.isArray(answer) ? answer : [answer];
      const placed = tickets.map((ticket, i) => placedFromAnswer(ticket, answers[i]));
      this.options.flags.record(placed);
      await settledWithin(this.options.onPlaced?.(account, placed), ANSWERED_PUSH_WAIT_MS);
      const accepted = placed.filter((p) => p.success);
      if (accepted.length > 0) this.options.modes.recordOrdersAccepted(accepted.every((p) => p.ticket.postOnly === true));
      return placed;
    } catch (error) {
      // The answer was lost: whether each order reached the book is asked by its hash first.
      if (answerWasLost(error)) {
        const reconciled = await Promise.all(tickets.map((ticket, i) => reconcileLostOrder(this.options.clob, account, ticket, signed[i]!.hash)));
        this.options.flags.record(reconciled);
        this.options.onPlaced?.(account, reconciled);
        return reconciled;
      }
      if (error instanceof CoreError && error.status !== undefined && error.status < 600 && error.service.message) {
        return tickets.map((ticket) => placedFromError(ticket, error));
      }
      throw error;
    } finally {
      this.options.onOrdersTouched(account);
    }
  }

  /** One ticket checked and priced, with the risk limit it would cross (null: none). */
  private async checked(account: StoredAccount, ticket: OrderTicket, subject: 'order' | 'amend', replacing?: string): Promise<{ preview: OrderPreview; riskLimit: string | null }> {
    const gathering = this.gatherRisk(account, [ticket], replacing);
    const prepared = await this.prepare(account, ticket);
    const refusal = gathering ? this.options.risk!.refusal(await gathering, [priced(prepared)], subject) : null;
    return { preview: prepared.preview, riskLimit: refusal?.sentence ?? null };
  }

  /**
   * Starts gathering what the risk limits need (null without limits). A failure surfaces where it
   * is awaited; until then it must not count as unhandled if the order fails first.
   */
  private gatherRisk(account: StoredAccount, tickets: readonly OrderTicket[], replacing?: string): Promise<Gathered> | null {
    const gathering = this.options.risk?.gather(account, tickets, replacing) ?? null;
    gathering?.catch(() => undefined);
    return gathering;
  }

  private signedBody(account: StoredAccount, preview: OrderPreview, negRisk: boolean, feeRateBps: bigint, privateKey: Uint8Array, owner: string): { body: string; hash: string } {
    const { ticket } = preview;
    const order = buildSignedOrder({
      version: preview.orderVersion,
      contracts: this.options.contracts(),
      negRisk,
      tickSize: preview.tickSize as TickSize,
      tokenId: ticket.tokenId,
      side: ticket.side,
      price: ticket.price,
      ...(ticket.amount !== undefined ? { amount: ticket.amount } : { size: ticket.size ?? '0' }),
      orderType: ticket.orderType,
      maker: (account.funder ?? account.address) as Hex,
      signer: account.address as Hex,
      signatureType: SIGNATURE_TYPE_CODES[account.signatureType],
      ...(ticket.expiration ? { expiration: ticket.expiration } : {}),
      ...(preview.orderVersion === 1 ? { feeRateBps } : {}),
      privateKey,
    });
    return { body: toPostOrderBody(order.json, owner, ticket.orderType, ticket.postOnly), hash: order.hash };
  }

  private async prepare(account: StoredAccount, ticket: OrderTicket): Promise<PreparedTicket> {
    const [book, orderVersion] = await Promise.all([readMarketBook(this.options.http, ticket.tokenId), this.options.versions.get()]);
    const facts = await ticketMarketFacts(this.options.markets, ticket, orderVersion, Date.now());
    const tickSize = book.tickSize as TickSize;
    const { amounts, problem } = safeTicketAmounts(ticket, tickSize);
    // After what open orders hold: the exchange checks a new order against that, not the whole balance.
    const { available, inOrders } = await this.options.balances.availableFor(account, ticket);
    const levels = ticket.side === 'BUY' ? book.asks : book.bids;
    const estimate = estimateFill(ticket.side, ticket.price, levels, ticket.amount !== undefined ? { budgetUsd: ticket.amount } : { shares: amounts.shares }, facts.takerFeeBps ?? undefined);
    const problems = ticketProblems(ticket, {
      tickSize: book.tickSize,
      minOrderSize: book.minOrderSize,
      mode: this.options.modes.snapshot(account.address),
      shares: amounts.shares,
      notional: amounts.notional,
      available,
      inOrders,
      now: Date.now(),
    });
    if (problem && problems.length === 0) problems.push(words(problem));
    problems.push(...facts.problems);
    if (ticket.postOnly && estimate.crossesBook) problems.push(words('A post-only order must not cross the book: it would fill now and be rejected.'));
    if (ticket.orderType === 'FOK' && problems.length === 0 && !fillsCompletely(ticket, amounts, estimate)) {
      const wanted = ticket.amount !== undefined ? sentence`${usd(ticket.amount)} of shares` : sentence`${sharesFigure(amounts.shares)} shares`;
      problems.push(sentence`A fill-or-kill order needs ${wanted} at ${price(ticket.price, book.tickSize)} or better; the book has ${sharesFigure(estimate.fillableShares)} shares there now.`);
    }
    // Where nobody else asks (pro mode), an order on a market past its end date is still confirmed
    // on the page, with the warning: it must not go out on one click.
    const place = this.options.confirmation.placeIn(account.id);
    const needsConfirmation = place === 'page' || (place === null && facts.endedAt !== null);
    return {
      negRisk: book.negRisk,
      feeRateBps: facts.feeRateBps,
      available,
      mark: book.midpoint ?? ticket.price,
      preview: {
        ticket,
        makerAmount: String(amounts.makerAmount),
        takerAmount: String(amounts.takerAmount),
        shares: amounts.shares,
        notional: amounts.notional,
        tickSize: book.tickSize,
        minOrderSize: book.minOrderSize,
        negRisk: book.negRisk,
        estimate,
        problems,
        // The page shows its own summary only where main does not ask in its surface.
        needsConfirmation,
        orderVersion,
        ...(facts.takerFeeBps !== null ? { takerFeeBps: facts.takerFeeBps } : {}),
        ...(facts.market ? { makerFeeBps: facts.market.makerBaseFeeBps } : {}),
        ...(facts.market && isMarketOrder(ticket) ? { matchDelaySeconds: facts.market.secondsDelay } : {}),
        ...(facts.endedAt !== null ? { endedAt: facts.endedAt } : {}),
      },
    };
  }

  private async cancelRequest(account: StoredAccount, method: 'DELETE', path: string, body: unknown): Promise<CancelResult> {
    const answer = await retryWhileRestarting(() =>
      this.options.clob.request<{ canceled?: unknown; not_canceled?: unknown }>(account, {
        method,
        path,
        ...(body === undefined ? {} : { body }),
        extraWindows: signerWindows(account.address, 'cancels'),
        priority: 'cancel',
      }),
    );
    const canceled = Array.isArray(answer?.canceled) ? answer.canceled.map(String) : [];
    this.options.onUserCancelled?.(canceled, account);
    const notCanceled: Record<string, string> = {};
    if (answer?.not_canceled && typeof answer.not_canceled === 'object') {
      for (const [id, reason] of Object.entries(answer.not_canceled as Record<string, unknown>)) notCanceled[id] = String(reason);
    }
    return { canceled, notCanceled };
  }
}

/** Whether the book can fill the whole ticket now: its shares, or (market BUY) its USD. */
function fillsCompletely(ticket: OrderTicket, amounts: TicketAmounts, estimate: OrderPreview['estimate']): boolean {
  const fillable = parseDecimal(estimate.fillableShares);
  if (ticket.amount === undefined) return fillable >= parseDecimal(amounts.shares);
  const spent = estimate.averagePrice === null ? 0n : (fillable * parseDecimal(estimate.averagePrice)) / parseDecimal('1');
  // One base unit (10^-6 USD) of slack for the average price's rounding.
  return spent + parseDecimal('0.000001') >= parseDecimal(ticket.amount);
}

/** Amounts the ticket would sign; a ticket the amount rules refuse gets zeros and the reason. */
function safeTicketAmounts(ticket: OrderTicket, tickSize: TickSize): { amounts: TicketAmounts; problem: string | null } {
  try {
    return { amounts: ticketAmounts(ticket, tickSize), problem: null };
  } catch (error) {
    if (!(error instanceof OrderAmountError)) throw error;
    return { amounts: { makerAmount: 0n, takerAmount: 0n, shares: ticket.size ?? '0', notional: '0' }, problem: error.message };
  }
}

/** The grid's levels with the funds they need together checked in order (ticketChecks.gridShortfalls). */
function withGridShortfalls(prepared: PreparedTicket[]): PreparedTicket[] {
  const short = gridShortfalls(prepared.map(({ preview, available }) => ({ ticket: preview.ticket, shares: preview.shares, notional: preview.notional, available, problems: preview.problems })));
  return prepared.map((p, i) => {
    const extra = short.get(i);
    return extra ? { ...p, preview: { ...p.preview, problems: [...p.preview.problems, extra] } } : p;
  });
}

/** Why nothing was sent, naming every refused order (by its level in a grid). */
function refusalSentence(all: readonly PreparedTicket[], refused: readonly PreparedTicket[]): Sentence {
  const first = refused[0]!.preview;
  if (all.length === 1) return sentence`${ticketSentence(first.ticket)} was not sent: ${first.problems}`;
  const lines = refused.map((p, i) => {
    const said = sentence`level ${String(all.indexOf(p) + 1)}, ${ticketSentence(p.preview.ticket)}: ${withoutFullStop(sentence`${p.preview.problems}`)}`;
    return i < refused.length - 1 ? sentence`${said};` : said;
  });
  return sentence`Nothing was sent: ${String(refused.length)} of the ${String(all.length)} orders would be refused — ${lines}.`;
}

function merge(into: CancelResult, from: CancelResult): void {
  into.canceled.push(...from.canceled);
  Object.assign(into.notCanceled, from.notCanceled);
}
