/**
 * Main's questions in browser mode, answered as a person does: the app's page says a question is
 * waiting and links to it; the question opens on main's second origin in a tab of its own, where
 * the person reads it and clicks an answer. The app's page never answers.
 */
import { expect, type Page } from '@playwright/test';

/** Opens the waiting question from the app's dialog; returns its tab. */
export async function openMainsQuestion(page: Page): Promise<Page> {
  const waiting = page.getByTestId('confirmation-pending');
  await expect(waiting).toBeVisible({ timeout: 30_000 });
  const opened = page.context().waitForEvent('page');
  await waiting.getByTestId('confirmation-pending-open').click();
  const question = await opened;
  await expect(question.getByTestId('confirmation-title')).toBeVisible({ timeout: 20_000 });
  expect(new URL(question.url()).origin).not.toBe(new URL(page.url()).origin);
  return question;
}

/** Clicks an answer on the question's own page, sees main take it, and closes the tab. */
export async function answerMainsQuestion(question: Page, answer: 'confirm' | 'decline'): Promise<void> {
  await question.getByTestId(answer === 'confirm' ? 'confirmation-confirm' : 'confirmation-decline').click();
  await expect(question.getByTestId('one-time-message')).toContainText(answer === 'confirm' ? 'Marketdesk is doing it now' : 'Nothing was signed or sent', { timeout: 20_000 });
  await question.close();
}

/** The whole round: open, check what it shows, answer. */
export async function answerNextQuestion(page: Page, answer: 'confirm' | 'decline', shows: Array<string | RegExp> = []): Promise<void> {
  const question = await openMainsQuestion(page);
  for (const text of shows) await expect(question.getByTestId('confirmation-facts')).toContainText(text);
  await answerMainsQuestion(question, answer);
  await expect(page.getByTestId('confirmation-pending')).toHaveCount(0, { timeout: 20_000 });
}
