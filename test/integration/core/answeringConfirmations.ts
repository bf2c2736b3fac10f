/**
 * Main's confirmation port as a test answers it: a real MainConfirmations that records every
 * question (the host an L1 signature goes to is among its facts) and answers it the way the test
 * says a user would — yes, or no (`not_confirmed`, as the real surface rejects a declined one).
 */
import type { ConfirmationRequest, MainConfirmations } from '../../../src/main/core/authority/mainConfirmations';
import { CoreError } from '../../../src/main/core/coreError';

export class AnsweringConfirmations implements MainConfirmations {
  readonly asked: ConfirmationRequest[] = [];

  constructor(public answer: 'yes' | 'no' = 'yes') {}

  async confirm(request: ConfirmationRequest): Promise<void> {
    this.asked.push(request);
    if (this.answer === 'no') throw new CoreError('not_confirmed', `The user declined: ${request.title}. Nothing was signed or sent.`);
  }

  /** The value of a fact of the last question, by its label. */
  lastFact(label: string): string | undefined {
    return this.asked.at(-1)?.facts.find((fact) => fact.label === label)?.value;
  }
}
