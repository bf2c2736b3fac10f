/**
 * The page asks, main decides. An operation that moves value to a foreign address, issues
 * credentials or proxies, or lowers a guardrail waits here until the user answers in a surface
 * that main owns and the page cannot drive: a script-free, preload-free window on the desktop, a
 * one-time page on a second loopback origin in browser mode. No bridge channel can answer it.
 */
import { CoreError } from '../coreError';

/** One line of what the user is asked to confirm ("Recipient", "0xabc… — not one of your accounts"). */
export interface ConfirmationFact {
  label: string;
  value: string;
  /** Shown as a warning (a foreign recipient, a limit raised, a host that changed). */
  warn?: boolean;
}

export interface ConfirmationRequest {
  /** What sort of operation: lets tests and the log name it without parsing the title. */
  kind: ConfirmationKind;
  /** A sentence naming the operation: "Send 100 USDC of perps collateral". */
  title: string;
  /** The exact operation: account, amount, recipient, network name, service host, old → new. */
  facts: ConfirmationFact[];
  /** The confirming button's words: "Send 100 USDC", "Switch confirmations off". */
  confirmLabel: string;
}

export type ConfirmationKind =
  | 'order'
  | 'perps-transfer'
  | 'perps-proxy'
  | 'clob-credentials'
  | 'guardrail'
  | 'risk-limits'
  | 'network-profiles'
  | 'live-acknowledgement';

export interface MainConfirmations {
  /**
   * Resolves once the user confirmed in main's own surface. Rejects with a CoreError
   * (`not_confirmed`) when the user declines, closes it, does not answer in time, or when this
   * host has no such surface.
   */
  confirm(request: ConfirmationRequest): Promise<void>;
  /** The vault locked or the network changed: every question still open is answered "no". */
  declineAll?(reason: string): void;
}

const NO_SURFACE = 'This host has no confirmation window of its own, so this needs the desktop app or browser mode. Nothing was signed or sent.';

/** Where no surface of main's own exists (a bare core in a test), confirmation is refused, never assumed. */
export const refusingConfirmations: MainConfirmations = {
  confirm: async () => {
    throw new CoreError('not_confirmed', NO_SURFACE);
  },
};
