/**
 * For tests about something other than main's surface itself: the user at that surface, who reads
 * each question and answers the way the test says a user would (yes, or no). It is the host's
 * surface, so the core's own ConfirmationCenter still announces each question to the page and
 * turns a "no" into `not_confirmed`. Tests of the surface itself answer on the real one-time page
 * (test/security/support/personAtMainsSurface.ts).
 */
import type { ConfirmationSurface } from '../../../src/main/core/authority/confirmationSurface';
import type { ConfirmationRequest } from '../../../src/main/core/authority/mainConfirmations';

export class AnsweringConfirmations implements ConfirmationSurface {
  readonly kind = 'window' as const;
  readonly asked: ConfirmationRequest[] = [];

  constructor(public answer: 'yes' | 'no' = 'yes') {}

  show(question: { request: ConfirmationRequest }) {
    this.asked.push(question.request);
    return { answer: Promise.resolve(this.answer === 'yes'), openUrl: null, close: () => {} };
  }

  /** The value of a fact of the last question, by its label. */
  lastFact(label: string): string | undefined {
    return this.asked.at(-1)?.facts.find((fact) => fact.label === label)?.value;
  }
}
