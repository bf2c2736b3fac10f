// The download's progress for `npm start`: one line that updates in place on a terminal (bytes,
// percent, speed, time left), and a line every few seconds when stderr is a log or a pipe, where
// carriage returns would pile up into one unreadable line.

/** Decimal units, as download sizes are usually given: "104.7 MB", "3.2 kB". */
const size = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/**
 * One progress line, e.g. "Downloading electron-v45.5.0-linux-x64.zip: 41.2 MB of 104.7 MB (39%), 5.3 MB/s, about 12 s left".
 * @param {{ label: string, transferred: number, total: number | null, elapsedMs: number }} state
 */
export function progressLine({ label, transferred, total, elapsedMs }) {
  const bytesPerSecond = elapsedMs > 0 ? (transferred * 1000) / elapsedMs : 0;
  const parts = [total ? `${size(transferred)} of ${size(total)} (${Math.floor((transferred / total) * 100)}%)` : size(transferred)];
  parts.push(`${size(bytesPerSecond)}/s`);
  if (total && bytesPerSecond > 0 && transferred < total) {
    parts.push(`about ${Math.ceil((total - transferred) / bytesPerSecond)} s left`);
  }
  return `${label}: ${parts.join(', ')}`;
}

/**
 * Writes progress lines to `stream` (a terminal or not), at most every `everyMs`.
 * @param {{ isTTY?: boolean, write(text: string): unknown }} stream
 * @param {string} label
 * @param {{ now?: () => number, everyMs?: number }} [options]
 */
export function createProgressReporter(stream, label, options = {}) {
  const now = options.now ?? Date.now;
  const tty = Boolean(stream.isTTY);
  const everyMs = options.everyMs ?? (tty ? 100 : 5000);
  const startedAt = now();
  let lastWrite = -Infinity;
  let unwritten = null;
  let writtenBytes = -1;
  let open = false;
  const write = (state) => {
    const line = progressLine({ label, ...state, elapsedMs: now() - startedAt });
    stream.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
    open = tty;
    lastWrite = now();
    writtenBytes = state.transferred;
    unwritten = null;
  };
  return {
    /** @param {{ transferred: number, total: number | null }} state */
    update(state) {
      // The downloader reports the end once more; a repeat of the line says nothing new.
      if (state.transferred === writtenBytes) return;
      if (now() - lastWrite >= everyMs) write(state);
      else unwritten = state;
    },
    /** Writes the last state if it was held back, and closes the line: the download ended either way. */
    end() {
      if (unwritten) write(unwritten);
      if (open) stream.write('\n');
      open = false;
    },
  };
}
