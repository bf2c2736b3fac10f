/** The arrow next to a sorted column's header; an unsorted sortable column shows a faint one. */
export function SortGlyph({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <span className={direction ? 'sort-glyph sort-active' : 'sort-glyph'} aria-hidden="true">
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </span>
  );
}
