/**
 * Main's questions: the answer comes only from the host's surface; the page learns that a
 * question is open and how it ended, and can decline it; a question nobody answers, or one
 * withdrawn by a lock or a network switch, counts as "no".
 */
import { describe, expect, it } from 'vitest';
import { ConfirmationCenter } from '../../../../src/main/core/authority/confirmationCenter';
import type { ConfirmationQuestion, ConfirmationSurface } from '../../../../src/main/core/authority/confirmationSurface';
import type { ConfirmationRequest } from '../../../../src/main/core/authority/mainConfirmations';
import { silentLogger } from '../../../../src/main/core/log';
import type { ConfirmationSettledView, PendingConfirmationView } from '../../../../src/shared/confirmationViews';

const REQUEST: ConfirmationRequest = { kind: 'perps-transfer', title: 'Send 5 USDC of perps collateral', facts: [{ label: 'Recipient', value: '0xdead', warn: true }], confirmLabel: 'Send 5 USDC' };

/** A surface whose user answers when the test says so, like a person at the window. */
function personAtSurface() {
  const shown: Array<{ question: ConfirmationQuestion; answer: (yes: boolean) => void; closed: boolean }> = [];
  const surface: ConfirmationSurface = {
    kind: 'page',
    show(question) {
      let answer!: (yes: boolean) => void;
      const answered = new Promise<boolean>((resolve) => {
        answer = resolve;
      });
      const entry = { question, answer, closed: false };
      shown.push(entry);
      return { answer: answered, openUrl: `http://127.0.0.1:9/once/${question.id}`, close: () => void (entry.closed = true) };
    },
  };
  return { surface, shown };
}

function center(surface: ConfirmationSurface | null, timeoutMs = 60_000) {
  const requested: PendingConfirmationView[] = [];
  const settled: ConfirmationSettledView[] = [];
  const confirmations = new ConfirmationCenter({ surface, onRequested: (v) => requested.push(v), onSettled: (v) => settled.push(v), log: silentLogger, timeoutMs });
  return { confirmations, requested, settled };
}

describe('main’s confirmations', () => {
  it('goes on only when the user confirms at the surface, and tells the page where to answer', async () => {
    const person = personAtSurface();
    const { confirmations, requested, settled } = center(person.surface);
    const asked = confirmations.confirm(REQUEST);
    expect(requested).toEqual([expect.objectContaining({ kind: 'perps-transfer', title: REQUEST.title, surface: 'page', openUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/once\//) })]);
    expect(confirmations.pending()).toHaveLength(1);
    expect(person.shown[0]!.question.request).toEqual(REQUEST);
    person.shown[0]!.answer(true);
    await expect(asked).resolves.toBeUndefined();
    expect(settled).toEqual([{ id: requested[0]!.id, outcome: 'confirmed' }]);
    expect(person.shown[0]!.closed).toBe(true);
    expect(confirmations.pending()).toEqual([]);
  });

  it('refuses with not_confirmed when the user says no, the page declines, or the question is withdrawn', async () => {
    const person = personAtSurface();
    const { confirmations, settled } = center(person.surface);
    const no = confirmations.confirm(REQUEST);
    person.shown[0]!.answer(false);
    await expect(no).rejects.toMatchObject({ code: 'not_confirmed', message: 'Send 5 USDC of perps collateral: You declined it. Nothing was signed or sent.' });

    const fromPage = confirmations.confirm(REQUEST);
    expect(confirmations.decline(confirmations.pending()[0]!.id)).toBe(true);
    await expect(fromPage).rejects.toMatchObject({ code: 'not_confirmed' });
    // The surface's late "yes" after the page declined changes nothing.
    person.shown[1]!.answer(true);
    expect(person.shown[1]!.closed).toBe(true);

    const withdrawn = confirmations.confirm(REQUEST);
    confirmations.declineAll('The vault locked.');
    await expect(withdrawn).rejects.toMatchObject({ code: 'not_confirmed', message: 'Send 5 USDC of perps collateral: The vault locked. Nothing was signed or sent.' });
    expect(settled.map((s) => s.outcome)).toEqual(['declined', 'declined', 'withdrawn']);
    expect(confirmations.decline('unknown')).toBe(false);
  });

  it('counts an unanswered question as no once its time is up', async () => {
    const person = personAtSurface();
    const { confirmations, settled } = center(person.surface, 30);
    await expect(confirmations.confirm(REQUEST)).rejects.toMatchObject({ code: 'not_confirmed', message: expect.stringContaining('not confirmed in time') });
    expect(settled).toEqual([expect.objectContaining({ outcome: 'expired' })]);
    expect(person.shown[0]!.closed).toBe(true);
  });

  it('refuses without a surface: never assumes the answer', async () => {
    const { confirmations, requested } = center(null);
    await expect(confirmations.confirm(REQUEST)).rejects.toMatchObject({ code: 'not_confirmed', message: expect.stringContaining('no confirmation window') });
    expect(requested).toEqual([]);
  });
});
