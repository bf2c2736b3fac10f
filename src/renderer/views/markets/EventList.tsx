/**
 * The virtualized event list: only the rows in view are in the DOM, so hundreds of events scroll
 * smoothly. It is one focusable listbox: arrows move the selection (and scroll it into view), and
 * the next page loads as the end comes into view.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEventListStore } from '../../stores/eventListStore';
import { useEventDetailStore } from '../../stores/eventDetailStore';
import { EventRow, EVENT_ROW_HEIGHT, eventOptionId } from './EventRow';

/** Start fetching the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 30;

export function EventList() {
  const events = useEventListStore((s) => s.events);
  const loadMore = useEventListStore((s) => s.loadMore);
  const selectedId = useEventDetailStore((s) => s.selectedEventId);
  const selectEvent = useEventDetailStore((s) => s.selectEvent);
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => EVENT_ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (lastVisible >= events.length - PREFETCH_ROWS) void loadMore();
  }, [lastVisible, events.length, loadMore]);

  const selectedIndex = events.findIndex((e) => e.id === selectedId);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: selectedIndex + 1,
      ArrowUp: Math.max(0, selectedIndex - 1),
      PageDown: selectedIndex + 10,
      PageUp: Math.max(0, selectedIndex - 10),
      Home: 0,
      End: events.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = Math.min(events.length - 1, target);
    const next = events[index];
    if (!next) return;
    void selectEvent(next.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  return (
    <div
      ref={scrollRef}
      className="event-list"
      role="listbox"
      aria-label="Events"
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? eventOptionId(events[selectedIndex]?.id ?? '') : undefined}
      onKeyDown={onKeyDown}
      data-testid="event-list"
    >
      <div className="event-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const summary = events[item.index];
          if (!summary) return null;
          return (
            <EventRow
              key={summary.id}
              summary={summary}
              top={item.start}
              selected={summary.id === selectedId}
              onSelect={selectEvent}
            />
          );
        })}
      </div>
    </div>
  );
}
