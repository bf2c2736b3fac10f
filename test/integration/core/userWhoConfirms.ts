/**
 * For tests about something else than main's questions (a keychain unlock, profile files, a
 * network switch): the user at main's surface, who reads each question and says yes. Tests of
 * the questions themselves answer on the real one-time page (test/security/support/personAtMainsSurface.ts).
 */
import type { ConfirmationSurface } from '../../../src/main/core/authority/confirmationSurface';
import type { ConfirmationRequest } from '../../../src/main/core/authority/mainConfirmations';

export interface UserWhoConfirms extends ConfirmationSurface {
  /** Every question asked, in order. */
  readonly asked: ConfirmationRequest[];
}

export function userWhoConfirms(): UserWhoConfirms {
  const asked: ConfirmationRequest[] = [];
  return {
    kind: 'window',
    asked,
    show(question) {
      asked.push(question.request);
      return { answer: Promise.resolve(true), openUrl: null, close: () => {} };
    },
  };
}
