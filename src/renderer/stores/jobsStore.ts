/** Progress of long walks main runs as jobs (rows, pages, budget wait, ETA), by job id. */
import { create } from 'zustand';
import type { JobProgress } from '../../shared/tradingViews';

interface JobsState {
  progress: Readonly<Record<string, JobProgress>>;
  receive: (progress: JobProgress) => void;
  forget: (jobId: string) => void;
}

export const useJobsStore = create<JobsState>()((set) => ({
  progress: {},
  receive: (progress) => set((s) => ({ progress: { ...s.progress, [progress.jobId]: progress } })),
  forget: (jobId) =>
    set((s) => {
      if (!(jobId in s.progress)) return s;
      const next = { ...s.progress };
      delete next[jobId];
      return { progress: next };
    }),
}));

export const selectJobProgress =
  (jobId: string | null) =>
  (s: JobsState): JobProgress | null =>
    jobId ? (s.progress[jobId] ?? null) : null;

let counter = 0;
/** A job id of our own, so progress events can be matched before the call returns. */
export const newJobId = (kind: string): string => `${kind}-${Date.now().toString(36)}-${(counter += 1)}`;
