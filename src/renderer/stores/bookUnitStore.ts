/** Whether book totals read in shares or in USD (shares × price); one choice for every book shown. */
import { create } from 'zustand';

export type BookUnit = 'shares' | 'usd';

interface BookUnitState {
  unit: BookUnit;
  setUnit: (unit: BookUnit) => void;
}

export const useBookUnitStore = create<BookUnitState>()((set) => ({
  unit: 'shares',
  setUnit: (unit) => set({ unit }),
}));
