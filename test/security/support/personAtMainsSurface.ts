/**
 * The user, for tests of main's questions in browser mode: watches for the questions main
 * announces, opens each one-time page as the signed-in browser does (a top-level navigation with
 * the session cookie) and answers with the page's own form, as a person's click sends it. Nothing
 * here uses a bridge channel to answer: there is none.
 */
import type { Core } from '../../../src/main/core/coreApi';
import type { PendingConfirmationView } from '../../../src/shared/confirmationViews';
import { rawRequest } from './rawHttp';

export interface PersonAtMainsSurface {
  /** The next question main asks (waits for it). */
  next(timeoutMs?: number): Promise<PendingConfirmationView>;
  /** What the question's page shows, as text without markup. */
  read(question: PendingConfirmationView): Promise<string>;
  answer(question: PendingConfirmationView, answer: 'confirm' | 'decline'): Promise<void>;
  /** Every question asked so far. */
  readonly asked: PendingConfirmationView[];
  /** From now on, answer every question at once with this (null: let them wait). */
  answerEveryQuestion(answer: 'confirm' | 'decline' | null): void;
}

const textOf = (html: string) =>
  html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<\/(dt|dd|h1|p)>/g, '\n').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export function personAtMainsSurface(core: Core, sessionCookie: string): PersonAtMainsSurface {
  const asked: PendingConfirmationView[] = [];
  let taken = 0;
  let automatic: 'confirm' | 'decline' | null = null;
  const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', cookie: sessionCookie };

  const open = async (question: PendingConfirmationView) => {
    const page = await rawRequest(question.openUrl!, { headers: navigation });
    if (page.status !== 200) throw new Error(`the question's page answered ${page.status}`);
    return page.body;
  };
  const answer = async (question: PendingConfirmationView, choice: 'confirm' | 'decline') => {
    const token = /name="token" value="([^"]+)"/.exec(await open(question))![1]!;
    const origin = new URL(question.openUrl!).origin;
    const done = await rawRequest(question.openUrl!, {
      method: 'POST',
      headers: { ...navigation, 'sec-fetch-site': 'same-origin', 'sec-fetch-user': '?1', origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, answer: choice }).toString(),
    });
    if (done.status !== 200) throw new Error(`the answer was refused (${done.status})`);
  };

  core.subscribe((event, payload) => {
    if (event !== 'confirmationRequested') return;
    const question = payload as PendingConfirmationView;
    asked.push(question);
    if (automatic) {
      taken = asked.length;
      void answer(question, automatic);
    }
  });

  return {
    asked,
    async next(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (asked.length <= taken) {
        if (Date.now() > deadline) throw new Error('main asked nothing');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return asked[taken++]!;
    },
    read: async (question) => textOf(await open(question)),
    answer,
    answerEveryQuestion(choice) {
      automatic = choice;
    },
  };
}
