/**
 * The page of main's question, the same on the desktop (a script-free window main opens) and in
 * browser mode (a one-time page on main's second loopback origin). No script, inline styles only,
 * every value escaped. "Cancel" comes first and has the focus, so Enter never confirms by chance.
 */
import type { ConfirmationQuestion } from './confirmationSurface';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{background:#0f1115;color:#e6e6e6;font:14px/1.45 system-ui,sans-serif;margin:0;padding:1.4em 1.6em;max-width:46em}' +
  '.from{font-size:.8em;letter-spacing:.06em;text-transform:uppercase;color:#9aa4b2;margin:0}' +
  'h1{font-size:1.25em;margin:.3em 0 1em}' +
  'dl{display:grid;grid-template-columns:minmax(7em,13em) minmax(0,1fr);gap:.45em 1.2em;margin:0 0 1.2em}' +
  'dt{color:#9aa4b2}dd{margin:0;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}' +
  '.warn{color:#ffb3e6;font-weight:600}.warn::before{content:"⚠ "}' +
  '.note{color:#9aa4b2;font-size:.9em;border-top:1px solid #2a2f3a;padding-top:.8em}' +
  '.actions{display:flex;gap:.8em;justify-content:flex-end;margin-top:1.2em}' +
  'button{font:inherit;padding:.55em 1.3em;border-radius:6px;border:1px solid #3a4150;background:#1b1f27;color:#e6e6e6;cursor:pointer}' +
  'button.confirm{background:#c2187a;border-color:#c2187a;color:#fff;font-weight:600}' +
  'button:focus-visible{outline:2px solid #7cc4ff;outline-offset:2px}';

export interface ConfirmationForm {
  method: 'get' | 'post';
  action: string;
  /** Fields the answer carries besides `answer` (the question's id, a form token). */
  hidden: Record<string, string>;
}

export function confirmationPageHtml(question: ConfirmationQuestion, form: ConfirmationForm, options: { csp?: string; seconds: number }): string {
  const { request } = question;
  const facts = request.facts
    .map((fact) => `<dt>${escapeHtml(fact.label)}</dt><dd${fact.warn ? ' class="warn"' : ''}>${escapeHtml(fact.value)}</dd>`)
    .join('');
  const hidden = Object.entries(form.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const csp = options.csp ? `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(options.csp)}">` : '';
  const minutes = Math.max(1, Math.round(options.seconds / 60));
  return (
    `<!doctype html><html lang="en"><meta charset="utf-8">${csp}<meta name="referrer" content="no-referrer">` +
    `<title>Marketdesk: ${escapeHtml(request.title)}</title><style>${STYLE}</style>` +
    `<body><main><p class="from">Marketdesk asks you</p><h1 data-testid="confirmation-title">${escapeHtml(request.title)}</h1>` +
    `<dl data-testid="confirmation-facts">${facts}</dl>` +
    `<form method="${form.method}" action="${escapeHtml(form.action)}">${hidden}` +
    `<div class="actions"><button type="submit" name="answer" value="decline" data-testid="confirmation-decline" autofocus>Cancel</button>` +
    `<button type="submit" name="answer" value="confirm" class="confirm" data-testid="confirmation-confirm">${escapeHtml(request.confirmLabel)}</button></div></form>` +
    `<p class="note">This question comes from Marketdesk itself, not from its window: nothing in the app's page can answer it for you. ` +
    `Answer within ${minutes} minute${minutes === 1 ? '' : 's'}; after that it counts as “no”.</p></main></body></html>`
  );
}
