/**
 * The page of main's question, on both surfaces: every value escaped, no script, Cancel first
 * with the focus; the desktop window reads an answer only from its own form's navigation.
 */
import { describe, expect, it } from 'vitest';
import { confirmationPageHtml } from '../../../../src/main/core/authority/confirmationPageHtml';
import type { ConfirmationQuestion } from '../../../../src/main/core/authority/confirmationSurface';
import { CONFIRMATION_SUBMIT_URL, confirmationDataUrl, confirmationWindowOptions, readConfirmationAnswer } from '../../../../src/main/electron/confirmationPrompt';

const QUESTION: ConfirmationQuestion = {
  id: 'q1',
  expiresAt: 0,
  request: { kind: 'order', title: 'Send <b>"this"</b> order', facts: [{ label: 'Market', value: 'A & B' }, { label: 'Network', value: 'LIVE · Staging', warn: true }], confirmLabel: 'Sign & send' },
};

describe('the confirmation page', () => {
  it('escapes every value, runs no script and puts Cancel first with the focus', () => {
    const html = confirmationPageHtml(QUESTION, { method: 'post', action: '/once/x"y', hidden: { token: 'a"b' } }, { seconds: 120 });
    expect(html).toContain('Send &lt;b&gt;&quot;this&quot;&lt;/b&gt; order');
    expect(html).toContain('<dd>A &amp; B</dd>');
    expect(html).toContain('<dd class="warn">LIVE · Staging</dd>');
    expect(html).toContain('action="/once/x&quot;y"');
    expect(html).toContain('value="a&quot;b"');
    expect(html).not.toMatch(/<script/i);
    expect(html.indexOf('confirmation-decline')).toBeLessThan(html.indexOf('confirmation-confirm'));
    expect(html).toMatch(/value="decline" data-testid="confirmation-decline" autofocus/);
    expect(html).toContain('Answer within 2 minutes');
  });

  it('desktop: the window runs no script and has no preload, and reads only its own answer', () => {
    const options = confirmationWindowOptions();
    expect(options.webPreferences).toMatchObject({ javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false });
    expect('preload' in options.webPreferences).toBe(false);
    const html = decodeURIComponent(confirmationDataUrl(QUESTION, 90).slice('data:text/html;charset=utf-8,'.length));
    expect(html).toContain(`content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; form-action ${CONFIRMATION_SUBMIT_URL}"`);
    expect(html).toContain('<input type="hidden" name="id" value="q1">');

    expect(readConfirmationAnswer(`${CONFIRMATION_SUBMIT_URL}?id=q1&answer=confirm`, 'q1')).toBe('confirm');
    expect(readConfirmationAnswer(`${CONFIRMATION_SUBMIT_URL}?id=q1&answer=decline`, 'q1')).toBe('decline');
    // Another question's answer, another address, or no answer: not an answer to this one.
    expect(readConfirmationAnswer(`${CONFIRMATION_SUBMIT_URL}?id=q2&answer=confirm`, 'q1')).toBeNull();
    expect(readConfirmationAnswer('https://evil.example/answer?id=q1&answer=confirm', 'q1')).toBeNull();
    expect(readConfirmationAnswer(`${CONFIRMATION_SUBMIT_URL}?id=q1&answer=yes`, 'q1')).toBeNull();
    expect(readConfirmationAnswer('not a url', 'q1')).toBeNull();
  });
});
