/**
 * What will be signed and how it would fare: the exact maker and taker amounts (base units and
 * decimals), shares and notional, the fill estimate against the book, and every reason the
 * exchange would refuse the order, in red.
 */
import type { OrderPreview } from '../../../../shared/tradingViews';
import { formatPrice, formatSize, formatUsd } from '../../../lib/format';
import { baseUnitsText } from '../../../lib/ticks';

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
  return (
    <div className="ticket-preview" data-testid="ticket-preview" data-pending={pending || undefined} aria-live="polite">
      <dl className="pv-grid">
        <Amount label={buy ? 'Maker (you pay)' : 'Maker (you give)'} units={preview.makerAmount} unit={buy ? 'USD' : 'shares'} testId="ticket-maker-amount" />
        <Amount label={buy ? 'Taker (you get)' : 'Taker (you receive)'} units={preview.takerAmount} unit={buy ? 'shares' : 'USD'} testId="ticket-taker-amount" />
        <div className="pv-row">
          <dt>Shares · USD</dt>
          <dd className="num">
            <span data-testid="ticket-shares">{formatSize(preview.shares)}</span> · $<span data-testid="ticket-notional">{formatUsd(preview.notional)}</span>
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
          <dt>Book</dt>
          <dd data-testid="ticket-crosses" data-crosses={estimate.crossesBook}>
            {estimate.crossesBook ? <span className="pv-cross">crosses the book — takes liquidity</span> : <span className="muted">rests on the book — adds liquidity</span>}
          </dd>
        </div>
      </dl>
      <p className="pv-foot muted">
        Signed as order v{preview.orderVersion}
        {preview.negRisk ? ' · neg-risk exchange' : ''} · tick {tick} · min {preview.minOrderSize} sh
      </p>
      {preview.problems.length > 0 ? (
        <ul className="ticket-problems" role="alert" data-testid="ticket-problems">
          {preview.problems.map((problem) => (
            <li key={problem} data-testid="ticket-problem">
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
