/**
 * Browser mode has no save dialog: an export is written under the data folder's `exports/`
 * (0700, files 0600) and the web host serves it ONCE at a random, unguessable path to a browser
 * holding the session cookie, then deletes it. A download not fetched within ten minutes is
 * deleted too, and files left by an earlier run are removed at start.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const DOWNLOAD_PATH_PREFIX = '/downloads/';
const EXPIRES_MS = 10 * 60_000;

export interface PendingDownload {
  path: string;
  fileName: string;
  contentType: string;
}

export class ExportDownloads {
  private readonly pending = new Map<string, PendingDownload & { timer: NodeJS.Timeout }>();
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'exports');
  }

  /** A fresh file path in the exports folder (created 0700 when missing). */
  newFilePath(extension: string): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return join(this.dir, `${randomBytes(12).toString('hex')}.${extension}`);
  }

  /** Files of an earlier run were never fetched (that run ended): they go. */
  clearLeftovers(): void {
    try {
      for (const name of readdirSync(this.dir)) rmSync(join(this.dir, name), { force: true });
    } catch {
      // No exports folder yet.
    }
  }

  /** Registers a written file; returns its one-use download path on the web host. */
  offer(download: PendingDownload): string {
    const token = randomBytes(24).toString('base64url');
    const timer = setTimeout(() => this.discard(token), EXPIRES_MS);
    timer.unref?.();
    this.pending.set(token, { ...download, timer });
    return `${DOWNLOAD_PATH_PREFIX}${token}`;
  }

  /** Hands the download over once; the caller streams the file and then calls `done`. */
  take(token: string): (PendingDownload & { done: () => void }) | null {
    const found = this.pending.get(token);
    if (!found) return null;
    this.pending.delete(token);
    clearTimeout(found.timer);
    return { path: found.path, fileName: found.fileName, contentType: found.contentType, done: () => removeQuietly(found.path) };
  }

  private discard(token: string): void {
    const found = this.pending.get(token);
    if (!found) return;
    this.pending.delete(token);
    removeQuietly(found.path);
  }

  close(): void {
    for (const token of [...this.pending.keys()]) this.discard(token);
  }
}

/**
 * Runs from a timer or a closed download: a folder turned read-only must not end the process.
 * What cannot be removed now goes at the next start (clearLeftovers).
 */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Left for clearLeftovers.
  }
}
