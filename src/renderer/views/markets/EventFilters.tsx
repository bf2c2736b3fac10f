/** Search box (debounced) and tag select for the event list, over its sort and watchlist switches. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEventListStore } from '../../stores/eventListStore';
import { useCatalogTagsStore } from '../../stores/catalogTagsStore';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { EventSortBar } from './EventSortBar';

const SEARCH_DEBOUNCE_MS = 150;

function TagSelect() {
  const { tags, phase, load } = useCatalogTagsStore(useShallow((s) => ({ tags: s.tags, phase: s.phase, load: s.load })));
  const tagSlug = useEventListStore((s) => s.tagSlug);
  const setTag = useEventListStore((s) => s.setTag);
  useEffect(() => {
    if (useCatalogTagsStore.getState().phase === 'idle') void useCatalogTagsStore.getState().load();
  }, []);
  if (phase === 'error') {
    return (
      <button type="button" className="button tag-retry" onClick={() => void load()} title="Loading the tags failed">
        Tags failed · Retry
      </button>
    );
  }
  return (
    <select
      className="select"
      aria-label="Filter by tag"
      data-testid="tag-filter"
      value={tagSlug ?? ''}
      onChange={(event) => setTag(event.target.value === '' ? null : event.target.value)}
      disabled={phase !== 'ready'}
    >
      <option value="">All tags</option>
      {tags.map((tag) => (
        <option key={tag.id} value={tag.slug}>
          {tag.label}
        </option>
      ))}
    </select>
  );
}

export function EventFilters() {
  const storedText = useEventListStore((s) => s.text);
  const setText = useEventListStore((s) => s.setText);
  const [draft, setDraft] = useState(storedText);
  useDebouncedEffect(draft, SEARCH_DEBOUNCE_MS, setText);
  return (
    <>
    <div className="filters" role="search">
      <input
        type="search"
        className="input"
        placeholder="Search events"
        aria-label="Search events by title"
        data-testid="event-search"
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft('');
        }}
        spellCheck={false}
        autoComplete="off"
      />
      <TagSelect />
    </div>
    <EventSortBar />
    </>
  );
}
