/**
 * Whether the data folder takes writes, for the status bar. A write the user asked for fails
 * with its own message; a write nobody waits on (a history batch committing, a fired alert moving
 * to the log, a portfolio copy kept for offline use) has no one to tell but the status bar, which
 * shows the problem until a later write goes through.
 */
import type { StorageProblem } from '../../../shared/viewModels';
import type { StorageFault } from './storageFaults';

/** What a writer tells: its write failed on the disk, or went through. */
export interface StorageReport {
  failed(fault: StorageFault): void;
  written(): void;
}

export const ignoreStorageReport: StorageReport = { failed: () => {}, written: () => {} };

export class StorageHealth implements StorageReport {
  private problem: StorageProblem | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  failed(fault: StorageFault): void {
    if (this.problem?.kind === fault.kind && this.problem.message === fault.message) return;
    this.problem = { kind: fault.kind, folder: fault.folder, message: fault.message, since: this.problem?.since ?? this.now() };
    this.tell();
  }

  written(): void {
    if (!this.problem) return;
    this.problem = null;
    this.tell();
  }

  current(): StorageProblem | null {
    return this.problem;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(): void {
    for (const listener of this.listeners) listener();
  }
}
