/** A padlock, closed or open, drawn inline so it follows the text colour. */
export function LockGlyph({ open = false }: { open?: boolean }) {
  return (
    <svg className="lock-glyph" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d={open ? 'M5.5 7V5a2.5 2.5 0 0 1 4.9-.7' : 'M5.5 7V5a2.5 2.5 0 0 1 5 0v2'} />
    </svg>
  );
}
