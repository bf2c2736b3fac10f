/**
 * Choosing what to trade without leaving the Trade view: search events by title, open one, pick
 * an outcome of one of its markets. Answers to an older search are dropped, like in Markets.
 */
import { useEffect, useRef, useState } from 'react';
import type { BridgeError } from '../../../shared/result';
import type { EventDetail, EventSummary } from '../../../shared/viewModels';
import { api } from '../../bridge/api';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { formatNumber, formatPrice, formatUsdCompact } from '../../lib/format';
import { targetFromMarket, useTradeTargetStore } from '../../stores/tradeTargetStore';
import { errorText } from '../../lib/errorText';

const SEARCH_DEBOUNCE_MS = 150;
const RESULTS = 30;

export function MarketPicker({ onClose }: { onClose: () => void }) {
  const select = useTradeTargetStore((s) => s.select);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [events, setEvents] = useState<{ query: string; events: EventSummary[]; error: BridgeError | null } | null>(null);
  const [detail, setDetail] = useState<{ eventId: string; detail: EventDetail | null; error: BridgeError | null } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, setQuery);

  useEffect(() => {
    let stale = false;
    void api.searchCatalogEvents({ text: query.trim(), limit: RESULTS }).then((result) => {
      if (stale) return;
      setEvents({ query, events: result.ok ? result.value.events.filter((e) => !e.closed) : [], error: result.ok ? null : result.error });
    });
    return () => {
      stale = true;
    };
  }, [query]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    // Escape closes the picker wherever the focus is inside it (an event or outcome button too),
    // not only in the search box.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose]);

  const openEvent = async (eventId: string) => {
    setDetail({ eventId, detail: null, error: null });
    const result = await api.getCatalogEvent({ eventId });
    setDetail((held) => (held?.eventId === eventId ? { eventId, detail: result.ok ? result.value : null, error: result.ok ? null : result.error } : held));
  };

  return (
    <div className="picker-popover" ref={rootRef} role="dialog" aria-label="Choose an outcome to trade" data-testid="trade-picker">
      <input
        type="search"
        className="input"
        placeholder="Search events by title"
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        data-testid="trade-picker-search"
        aria-label="Search events"
        spellCheck={false}
        autoComplete="off"
      />
      <div className="picker-results">
        {events === null ? <p className="pane-note">Searching…</p> : null}
        {events?.error ? <p className="action-error">{errorText(events.error)}</p> : null}
        {events && !events.error && events.events.length === 0 ? <p className="pane-note">No open events match.</p> : null}
        {events?.events.map((event) => (
          <div key={event.id} className="picker-event" data-open={detail?.eventId === event.id || undefined}>
            <button type="button" className="picker-event-button" onClick={() => void openEvent(event.id)} data-testid="trade-picker-event" data-event-id={event.id}>
              <span className="picker-event-title">{event.title}</span>
              <span className="muted">
                {formatNumber(event.marketCount)} {event.marketCount === 1
 ? 'market' : 'markets'} · {formatUsdCompact(event.volume24hr)} 24h
              </span>
            </button>
            {detail?.eventId === event.id ? (
              <div className="picker-markets">
                {detail.error ? <p className="action-error">{errorText(detail.error)}</p> : null}
                {!detail.detail && !detail.error ? <p className="pane-note">Loading markets…</p> : null}
                {detail.detail?.markets
                  .filter((m) => m.active && !m.closed)
                  .map((market) => (
                    <div key={market.id} className="picker-market">
                      <span className="picker-market-q" title={market.question}>
                        {market.groupItemTitle || market.question}
                      </span>
                      {market.outcomes.map((outcome) => (
                        <button
                          key={outcome.tokenId}
                          type="button"
                          className="button button-small picker-outcome"
                          onClick={() => {
                            select(targetFromMarket(market, detail.detail, outcome.tokenId));
                            onClose();
                          }}
                          data-testid="trade-picker-outcome"
                          data-token-id={outcome.tokenId}
                        >
                          {outcome.name} <span className="num muted">{formatPrice(outcome.price, market.tickSize)}</span>
                        </button>
                      ))}
                    </div>
                  ))}
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}
