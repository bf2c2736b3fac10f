/**
 * Orders are confirmed where main says. On the sandbox with "Confirm orders" on, the page shows
 * its own summary (a slip guard; one click stays one click there). Everywhere main asks in its
 * own surface (every live network), the order service waits here after its checks and before
 * anything is signed, with the exact amounts that will be signed; a first live order also carries
 * its explanation. With confirmations off (pro mode, itself switched off only through main's
 * surface) orders go at once, within the risk limits. Its figures read as the page shows them:
 * in the user's price style, clock and time zone (shared/displayFormat.ts, the page's own module).
 */
import { formatDecimal } from '../../../shared/decimal';
import { formatAmount, formatDay, formatNumber, formatSentence, formatUsd, withFormatPrefs } from '../../../shared/displayFormat';
import type { OrderPreview } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import { confirmsOrders } from '../guardrails/proMode';
import type { LiveAcknowledgements } from '../guardrails/liveAcknowledgements';
import type { ActiveNetwork } from '../network';
import type { SettingsStore } from '../settings/settingsStore';
import { ticketSentence } from '../trading/placedOrders';
import { accountFact, hostFact, networkFact } from './confirmationFacts';
import { asksInMain } from './confirmationPolicy';
import { pendingExplanation } from './liveExplanationFacts';
import type { ConfirmationFact, MainConfirmations } from './mainConfirmations';

export type OrderConfirmationPlace = 'page' | 'main' | null;

export interface OrderConfirmationPort {
  /** Where this account's orders are confirmed: the page's summary, main's surface, or nowhere (pro mode). */
  placeIn(accountId: string): OrderConfirmationPlace;
  /** Resolves when the orders may be signed; rejects `not_confirmed` when main asked and the user said no. */
  beforeSigning(account: StoredAccount, previews: readonly OrderPreview[]): Promise<void>;
}

export interface OrderConfirmationsOptions {
  network: ActiveNetwork;
  settings: SettingsStore;
  acknowledgements: LiveAcknowledgements;
  confirmations: () => MainConfirmations;
  /** The market's question and outcome for a token, when main knows it (shown beside each order). */
  marketName: (tokenId: string) => Promise<string | null>;
}

/** 6-decimal base units (what is signed) as a decimal: the shared decimals carry 8 places. */
const decimalOf = (baseUnits: string) => formatDecimal(BigInt(baseUnits) * 100n);
/** What is signed, exact (grouped, at least to the cent, every digit beyond kept). */
const exactShares = (baseUnits: string) => formatAmount(decimalOf(baseUnits));
const dollars = (baseUnits: string) => `$${formatAmount(decimalOf(baseUnits))}`;

/**
 * What one order pays and gets, from the amounts that will be signed (6-decimal base units).
 * Figures read as the page shows them (the user's price style, clock and zone): the caller
 * formats inside withFormatPrefs.
 */
function orderFact(preview: OrderPreview, market: string | null, label: string): ConfirmationFact {
  const buy = preview.ticket.side === 'BUY';
  const pays = buy
    ? `pays up to ${dollars(preview.makerAmount)} for ${exactShares(preview.takerAmount)} shares`
    : `gives ${exactShares(preview.makerAmount)} shares for at least ${dollars(preview.takerAmount)}`;
  return { label, value: `${formatSentence(ticketSentence(preview.ticket, preview.tickSize).parts)}: ${pays}, in ${market ?? `token ${preview.ticket.tokenId}`}` };
}

/**
 * What main's question adds beside the amounts: the taker fee on what fills now, and a warning
 * when the market's end date has passed (its outcome may already be known).
 */
function orderNotes(preview: OrderPreview, orderLabel: string): ConfirmationFact[] {
  const notes: ConfirmationFact[] = [];
  if (preview.takerFeeBps !== undefined && preview.estimate.takerFee !== undefined && preview.estimate.crossesBook) {
    notes.push({ label: orderLabel === 'Order' ? 'Fee' : `Fee, ${orderLabel.toLowerCase()}`, value: `about $${formatUsd(preview.estimate.takerFee)} of taker fee (${formatNumber(preview.takerFeeBps)} bps) on what fills now` });
  }
  if (preview.endedAt !== undefined) {
    notes.push({ label: orderLabel === 'Order' ? 'Market ended' : `Market ended, ${orderLabel.toLowerCase()}`, value: `the market's end date (${formatDay(preview.endedAt)}) has passed: it waits to be resolved, and its outcome may already be known` });
  }
  return notes;
}

export class OrderConfirmations implements OrderConfirmationPort {
  constructor(private readonly options: OrderConfirmationsOptions) {}

  placeIn(accountId: string): OrderConfirmationPlace {
    const { network, settings } = this.options;
    if (!confirmsOrders(settings, network.info.id, accountId)) return null;
    return asksInMain(network.info, settings) ? 'main' : 'page';
  }

  async beforeSigning(account: StoredAccount, previews: readonly OrderPreview[]): Promise<void> {
    const { network } = this.options;
    const explanation = pendingExplanation(this.options.acknowledgements, account.id, 'order');
    if (this.placeIn(account.id) !== 'main' && !explanation) return;
    const markets = await Promise.all(previews.map((p) => this.options.marketName(p.ticket.tokenId).catch(() => null)));
    const total = previews.reduce((sum, p) => sum + BigInt(p.ticket.side === 'BUY' ? p.makerAmount : 0), 0n);
    const one = previews.length === 1 ? previews[0]! : null;
    // The question's figures in the user's display settings, as the page would show them.
    const question = withFormatPrefs(this.options.settings.get('displayPrefs'), () => ({
      kind: 'order' as const,
      title: one ? `Send this ${one.ticket.side === 'BUY' ? 'buy' : 'sell'} order on ${network.info.label}` : `Send ${formatNumber(previews.length)} orders on ${network.info.label}`,
      facts: [
        ...(explanation?.facts ?? []),
        accountFact(account),
        ...previews.flatMap((preview, i) => {
          const label = previews.length === 1 ? 'Order' : `Order ${formatNumber(i + 1)}`;
          return [orderFact(preview, markets[i] ?? null, label), ...orderNotes(preview, label)];
        }),
        ...(previews.length > 1 ? [{ label: 'Buys commit in all', value: dollars(String(total)) }] : []),
        networkFact(network.info),
        hostFact('Order book', network.urls.clob),
      ],
      confirmLabel: one ? 'Sign and send the order' : `Sign and send ${formatNumber(previews.length)} orders`,
    }));
    await this.options.confirmations().confirm(question);
    explanation?.record();
  }
}
