/**
 * The markup of browser mode's one-time pages. No script anywhere (the policy forbids it), inline
 * styles only, every interpolated value escaped.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{background:#111;color:#eee;font:15px system-ui;padding:2em;max-width:48em}h1{font-size:1.2em}' +
  'pre{font:16px monospace;background:#222;padding:1em;white-space:pre-wrap;word-break:break-all}' +
  'label{display:block;margin:1em 0 .3em}input{font:15px monospace;padding:.4em;width:24em;max-width:100%}' +
  'button{margin-top:1.2em;font:15px system-ui;padding:.5em 1.2em}.problem{color:#f88}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style><body>${body}</body></html>`;
}

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'ascii');
/** Where the key goes in the page's markup; the page is built around it, never with it. */
const SECRET_SLOT = '\u0000secret\u0000';

/**
 * The reveal page as bytes: the markup around the key is text, the key is written into the
 * buffer as `0x` and hex digits one byte at a time, so no JavaScript string ever holds it. The
 * caller sends the buffer and then zeroes it.
 */
export function revealPageBytes({ title, explanation, secret }: { title: string; explanation: string; secret: Uint8Array }): Buffer {
  const html = page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(explanation)}</p><pre data-testid="revealed-secret">${SECRET_SLOT}</pre>` +
      `<p>This page works once. Close it when you are done.</p>`,
  );
  const [before, after] = html.split(SECRET_SLOT) as [string, string];
  const head = Buffer.byteLength(before);
  const bytes = Buffer.alloc(head + 2 + secret.length * 2 + Buffer.byteLength(after));
  bytes.write(before, 0);
  let at = head;
  bytes[at++] = 0x30; // '0'
  bytes[at++] = 0x78; // 'x'
  for (const byte of secret) {
    bytes[at++] = HEX_DIGITS[byte >> 4]!;
    bytes[at++] = HEX_DIGITS[byte & 15]!;
  }
  bytes.write(after, at);
  return bytes;
}

export function keystoreFormHtml(options: { title: string; explanation: string; action: string; problem: string | null }): string {
  const problem = options.problem ? `<p class="problem" role="alert" data-testid="keystore-problem">${escapeHtml(options.problem)}</p>` : '';
  return page(
    options.title,
    `<h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.explanation)}</p>` +
      `<p>Choose the password that will encrypt the file. Marketdesk's window never sees it.</p>${problem}` +
      `<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">` +
      `<label for="password">New keystore password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="1024" required autofocus>` +
      `<label for="confirmation">Confirm the keystore password</label><input id="confirmation" name="confirmation" type="password" autocomplete="new-password" maxlength="1024" required>` +
      `<div><button type="submit">Encrypt and download</button></div></form>` +
      `<p>The file downloads from this page. Keep it with its password: together they are the key. Then close this tab.</p>`,
  );
}

export function messagePageHtml(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p data-testid="one-time-message">${escapeHtml(message)}</p>`);
}
