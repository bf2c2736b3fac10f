/**
 * Main's questions to the user, wherever the host shows them. `confirm()` puts the question on
 * the host's own surface and waits for the answer, a timeout, or a withdrawal (the vault locked,
 * the network changed, the page declined). The page is told that a question is open and how it
 * ended, so it can point the user at it; nothing the page sends can answer yes.
 */
import { randomBytes } from 'node:crypto';
import type { ConfirmationOutcome, ConfirmationSettledView, PendingConfirmationView } from '../../../shared/confirmationViews';
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import type { ConfirmationSurface, ShownQuestion } from './confirmationSurface';
import { refusingConfirmations, type ConfirmationRequest, type MainConfirmations } from './mainConfirmations';

/** Long enough to read the question and compare an address; short enough that a forgotten one does not linger. */
export const CONFIRMATION_TIMEOUT_MS = 2 * 60_000;

export interface ConfirmationCenterOptions {
  surface: ConfirmationSurface | null;
  onRequested: (view: PendingConfirmationView) => void;
  onSettled: (view: ConfirmationSettledView) => void;
  log: Logger;
  timeoutMs?: number;
  now?: () => number;
}

interface Open {
  view: PendingConfirmationView;
  shown: ShownQuestion;
  settle: (outcome: ConfirmationOutcome, reason?: string) => void;
}

const REFUSALS: Record<Exclude<ConfirmationOutcome, 'confirmed'>, string> = {
  declined: 'You declined it. Nothing was signed or sent.',
  expired: 'It was not confirmed in time. Nothing was signed or sent.',
  withdrawn: 'The question was withdrawn before it was answered. Nothing was signed or sent.',
};

export class ConfirmationCenter implements MainConfirmations {
  private readonly open = new Map<string, Open>();

  constructor(private readonly options: ConfirmationCenterOptions) {}

  async confirm(request: ConfirmationRequest): Promise<void> {
    const surface = this.options.surface;
    if (!surface) return refusingConfirmations.confirm(request);
    const now = this.options.now ?? Date.now;
    const id = randomBytes(12).toString('base64url');
    const expiresAt = now() + (this.options.timeoutMs ?? CONFIRMATION_TIMEOUT_MS);
    const shown = surface.show({ id, request, expiresAt });
    const view: PendingConfirmationView = { id, kind: request.kind, title: request.title, surface: surface.kind, openUrl: shown.openUrl, expiresAt };

    const outcome = await new Promise<{ outcome: ConfirmationOutcome; reason?: string }>((resolve) => {
      const timer = setTimeout(() => settle('expired'), Math.max(0, expiresAt - now()));
      const settle = (outcome: ConfirmationOutcome, reason?: string) => {
        if (!this.open.has(id)) return;
        this.open.delete(id);
        clearTimeout(timer);
        shown.close();
        resolve(reason === undefined ? { outcome } : { outcome, reason });
      };
      this.open.set(id, { view, shown, settle });
      shown.answer.then((yes) => settle(yes ? 'confirmed' : 'declined'), () => settle('declined'));
      this.options.onRequested(view);
    });
    this.options.onSettled({ id, outcome: outcome.outcome });
    this.options.log.info(`confirmation (${request.kind}) ${outcome.outcome}`);
    if (outcome.outcome === 'confirmed') return;
    throw new CoreError('not_confirmed', `${request.title}: ${outcome.reason ?? REFUSALS[outcome.outcome]}`);
  }

  /** The page's "Cancel": declining only ever reduces risk, so the page may do it. */
  decline(id: string): boolean {
    const open = this.open.get(id);
    open?.settle('declined');
    return open !== undefined;
  }

  declineAll(reason: string): void {
    for (const open of [...this.open.values()]) open.settle('withdrawn', `${reason} Nothing was signed or sent.`);
  }

  pending(): PendingConfirmationView[] {
    return [...this.open.values()].map((open) => open.view);
  }
}
