/** The status bar's word when the data folder refused a write (full disk, read-only); the sentence is on hover. */
import { useAppStatusStore } from '../stores/appStatusStore';

const WORDS = { full: 'Disk full', read_only: 'Data folder read-only' } as const;

export function StorageIndicator() {
  const storage = useAppStatusStore((s) => s.status?.storage ?? null);
  if (!storage) return null;
  return (
    <span className="status-item storage-problem" data-testid="status-storage" data-kind={storage.kind} title={storage.message} role="status" aria-label={storage.message}>
      {WORDS[storage.kind]}
    </span>
  );
}
