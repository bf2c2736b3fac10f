/**
 * Requests to the ladder from outside it (a hotkey, the Markets view): recentre, focus. Counters,
 * so the same request twice is still a change the ladder sees.
 */
import { create } from 'zustand';

interface LadderCommands {
  recentreSeq: number;
  focusSeq: number;
  recentre: () => void;
  focus: () => void;
}

export const useLadderCommands = create<LadderCommands>()((set) => ({
  recentreSeq: 0,
  focusSeq: 0,
  recentre: () => set((s) => ({ recentreSeq: s.recentreSeq + 1 })),
  focus: () => set((s) => ({ focusSeq: s.focusSeq + 1 })),
}));
