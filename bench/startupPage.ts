/**
 * What the startup bench runs in and serves to both pages, as plain JavaScript strings:
 *
 * - FIRST_BOOK_PROBE (an init script): from the navigation on, watches the document for the first
 *   bid row of a book (`[data-testid="ladder-level"][data-side="bid"]`, the same attribute in
 *   Marketdesk's ladder and in the minimal page); when one appears it notes the time and the time
 *   after the next frame (requestAnimationFrame, then a user-blocking task: the frame that shows
 *   it was produced). `window.__firstBook` resolves with both, in milliseconds since the navigation
 *   started (performance.now's origin), and the script bytes the page had loaded by then.
 * - MINIMAL_BOOK_PAGE: the baseline, a page with no framework that opens one WebSocket to the bare
 *   Node process (bench/bareOrderServer.ts), asks it for the book of the token in its hash and
 *   paints the bids and asks as table rows.
 */

export interface FirstBook {
  mutatedAt: number;
  paintedAt: number;
  scriptBytes: number;
}

export const FIRST_BOOK_PROBE = `(() => {
  let settle;
  window.__firstBook = new Promise((resolve) => (settle = resolve));
  const selector = '[data-testid="ladder-level"][data-side="bid"]';
  const scriptBytes = () => performance.getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
    .reduce((sum, e) => sum + (e.decodedBodySize || 0), 0);
  const seen = () => {
    const mutatedAt = performance.now();
    // A user-blocking task runs as soon as the frame's work ends, ahead of bridge messages already
    // queued (a setTimeout(0) runs behind them): the same ruler as the click bench (decision 49/04).
    requestAnimationFrame(() => scheduler.postTask(() => settle({ mutatedAt, paintedAt: performance.now(), scriptBytes: scriptBytes() }), { priority: 'user-blocking' }));
  };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    seen();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-side'] });
})();`;

export const MINIMAL_BOOK_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>minimal book</title>
<style>body{font:13px system-ui;background:#111;color:#ddd}td{padding:1px 8px;text-align:right}.bid{color:#4c8}.ask{color:#e55}</style>
</head><body><table><tbody id="book"></tbody></table>
<script>
const socket = new WebSocket('ws://' + location.host + '/ws');
socket.addEventListener('open', () => socket.send(JSON.stringify({ kind: 'book', id: 1, tokenId: location.hash.slice(1) })));
socket.addEventListener('message', (message) => {
  const { book } = JSON.parse(message.data);
  const rows = [];
  const level = (side, l) => '<tr data-testid="ladder-level" data-side="' + side + '" data-price="' + l.price + '"><td class="' + side + '">' + l.price + '</td><td>' + l.size + '</td></tr>';
  for (const l of book.asks.slice(-15)) rows.push(level('ask', l));
  for (const l of book.bids.slice(-15).reverse()) rows.push(level('bid', l));
  document.getElementById('book').innerHTML = rows.join('');
});
</script></body></html>`;
