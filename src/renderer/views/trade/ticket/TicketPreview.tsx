/**
 * What the order is and how it would fare: what you pay and get, what fills now against the
 * book and what becomes of the rest (per order type: fillWording), the taker fee, a warning when
 * the market's end date has passed, and every reason the
 * exchange would refuse it, in red. The exact amounts that will be signed (base units) are one
 * click away, behind "Signed amounts".
 */
import type { OrderPreview } from '../../../../shared/tradingViews';
import { formatPrice, formatSentence, formatSize, formatUsd } from '../../../lib/format';
import { baseUnitsText } from '../../../lib/ticks';
import { previewEffect } from './fillWording';
import { endedText, feeText } from './orderNotes';

function Amount({ label, units, unit, testId }: { label: string; units: string; unit: string; testId: string }) {
  return (
    <div className="pv-row">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId} data-units={units}>
        <span className="pv-units">{units}</span>
        <span className="pv-decimal">
          = {baseUnitsText(units)} {unit}
        </span>
      </dd>
    </div>
  );
}

export function TicketPreview({ preview, pending }: { preview: OrderPreview; pending: boolean }) {
  const { ticket, estimate } = preview;
  const buy = ticket.side === 'BUY';
  const tick = preview.tickSize;
  const effect = previewEffect(preview);
  const sharesText = `${formatSize(preview.shares)} sh`;
  const usdText = `$${formatUsd(preview.notional)}`;
  const byAmount = ticket.amount !== undefined;
  const ended = endedText(preview);
  return (
    <div className="ticket-preview" data-testid="ticket-preview" data-pending={pending || undefined} aria-live="polite">
      <dl className="pv-grid">
        <div className="pv-row">
          <dt>{buy ? 'You pay → get' : 'You give → get'}</dt>
          <dd className="num" data-testid="ticket-exchange">
            {/* A limit BUY pays up to its notional (better prices cost less); a BUY by amount and a SELL get at least theirs. */}
            <span data-testid={buy ? 'ticket-notional' : 'ticket-shares'} data-value={buy ? preview.notional : preview.shares}>
              {buy ? `${byAmount ? '' : 'up to '}${usdText}` : sharesText}
            </span>
            {' → '}
            <span data-testid={buy ? 'ticket-shares' : 'ticket-notional'} data-value={buy ? preview.shares : preview.notional}>
              {buy ? `${byAmount ? 'at least ' : ''}${sharesText}` : `at least ${usdText}`}
            </span>
          </dd>
        </div>
        <div className="pv-row">
          <dt>Fills now</dt>
          <dd className="num" data-testid="ticket-fillable" data-value={estimate.fillableShares}>
            {formatSize(estimate.fillableShares)} sh
            <span className="muted">
              {' '}
              · avg <span data-testid="ticket-avg-price">{formatPrice(estimate.averagePrice, tick)}</span> · worst{' '}
              <span data-testid="ticket-worst-price">{formatPrice(estimate.worstPrice, tick)}</span>
            </span>
          </dd>
        </div>
        <div className="pv-row">
          <dt>Fee</dt>
          <dd className="num" data-testid="ticket-fee" data-bps={preview.takerFeeBps ?? ''} data-value={estimate.crossesBook ? (estimate.takerFee ?? '') : '0'}>
            {feeText(preview)}
          </dd>
        </div>
        <div className="pv-row">
          <dt>Book</dt>
          <dd data-testid="ticket-crosses" data-crosses={estimate.crossesBook} data-effect={effect.effect}>
            <span className={effect.effect === 'adds' ? 'muted' : 'pv-cross'}>{effect.text}</span>
          </dd>
        </div>
      </dl>
      <details className="pv-signed" data-testid="ticket-signed-amounts">
        <summary>Signed amounts</summary>
        <p className="muted pv-signed-lead">Exactly what your key signs, in the exchange’s base units (millionths).</p>
        <dl className="pv-grid">
          <Amount label={buy ? 'You pay' : 'You give'} units={preview.makerAmount} unit={buy ? 'USD' : 'shares'} testId="ticket-maker-amount" />
          <Amount label={buy ? 'You get' : 'You receive'} units={preview.takerAmount} unit={buy ? 'shares' : 'USD'} testId="ticket-taker-amount" />
        </dl>
        <p className="pv-foot muted">
          Order format v{preview.orderVersion}
          {preview.negRisk ? ' · multi-outcome exchange' : ''} · tick {formatPrice(tick, tick)} · min {formatSize(preview.minOrderSize)} sh
        </p>
      </details>
      {ended ? (
        <p className="ticket-warning" role="alert" data-testid="ticket-ended-warning">
          <strong>Market ended.</strong> {ended}
        </p>
      ) : null}
      {preview.problems.length > 0 ? (
        <ul className="ticket-problems" role="alert" data-testid="ticket-problems">
          {preview.problems.map((problem) => (
            <li key={problem.text} data-testid="ticket-problem">
              {formatSentence(problem.parts)}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.riskLimit ? (
        <p className="ticket-risk-limit" role="alert" data-testid="ticket-risk-limit">
          <strong>Risk limit.</strong> {preview.riskLimit}
        </p>
      ) : null}
    </div>
  );
}
