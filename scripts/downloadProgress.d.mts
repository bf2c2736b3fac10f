// Types for scripts/downloadProgress.mjs, imported by its unit test.
export interface DownloadState {
  transferred: number;
  total: number | null;
}

export function progressLine(state: DownloadState & { label: string; elapsedMs: number }): string;

export function createProgressReporter(
  stream: { isTTY?: boolean; write(text: string): unknown },
  label: string,
  options?: { now?: () => number; everyMs?: number },
): { update(state: DownloadState): void; end(): void };
