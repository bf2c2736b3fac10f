/**
 * What the page learns of a question main asks in its own surface: that it is open, what it is
 * about, and how it ended. The page can decline it (that reduces risk) but never answer yes.
 */
export interface PendingConfirmationView {
  id: string;
  /** What sort of operation (order, perps-transfer, guardrail, …). */
  kind: string;
  /** The operation in a sentence ("Send 100 USDC of perps collateral"). */
  title: string;
  /** Where the user answers: main's own window (desktop) or a page on main's second origin (browser mode). */
  surface: 'window' | 'page';
  /** Browser mode: the one-time page to open; it answers only the signed-in browser's own navigation. */
  openUrl: string | null;
  /** Unix ms after which the question counts as declined. */
  expiresAt: number;
}

export type ConfirmationOutcome = 'confirmed' | 'declined' | 'expired' | 'withdrawn';

export interface ConfirmationSettledView {
  id: string;
  outcome: ConfirmationOutcome;
}
