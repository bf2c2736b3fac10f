/**
 * What the click-to-order bench runs inside both pages (Marketdesk's and the bare one), as plain
 * JavaScript strings (functions compiled by tsx carry helpers the page does not have):
 *
 * - PROBES (an init script): the time of every click and keydown but a modifier's (the event's own timestamp, so
 *   Playwright's delivery is not counted), and every WebSocket frame in or out with the first
 *   characters that name it (`"channel":"placeOrder"`, `"event":"openOrdersChanged"`). That is the
 *   renderer's side of the bridge, taken without a line of the app's code.
 * - armWaiter(targets, timeoutMs): before the input, watches the part of the page each target
 *   appears in (the ladder, a table, the answers) and no more, so the watching costs both pages
 *   about the same; when one appears it notes the time (the commit) and the time the next frame
 *   has been produced: requestAnimationFrame, then a user-blocking task, which Chromium runs as
 *   soon as that frame's work ends, ahead of bridge messages already queued (a task of normal
 *   priority ran after them, and so also counted what the page did after the frame that shows the
 *   order; decision 49/04). That later time is kept too (`settledAt`), to compare.
 *   `window.__painted` resolves when all have been painted, or at the timeout with what was seen.
 *
 * All times are epoch milliseconds (performance.timeOrigin + now), like the core's marks.
 */

export interface PaintTarget {
  name: string;
  /** `mine`: the ladder's own-order mark at a bid price; `openOrder`: a BUY row at a price; `trade`: a trade row not in `known`; `bareRow`: the bare page's answer row. */
  kind: 'mine' | 'openOrder' | 'trade' | 'bareRow';
  price?: string;
  known?: string[];
  id?: number;
}

export interface Painted {
  mutatedAt: number;
  /** The frame that shows it has been produced. */
  paintedAt: number;
  /** A normal-priority task after that frame: also the tasks queued behind it (the ruler before 49/04). */
  settledAt: number;
}

export interface ProbeLog {
  inputs: Array<{ type: string; at: number }>;
  frames: Array<{ dir: 'in' | 'out'; at: number; head: string }>;
}

export const PROBES = `(() => {
  const log = { inputs: [], frames: [] };
  window.__probe = log;
  const now = () => performance.timeOrigin + performance.now();
  const Native = window.WebSocket;
  class Tapped extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (m) => { if (typeof m.data === 'string') log.frames.push({ dir: 'in', at: now(), head: m.data.slice(0, 90) }); });
    }
    send(data) {
      if (typeof data === 'string') log.frames.push({ dir: 'out', at: now(), head: data.slice(0, 90) });
      super.send(data);
    }
  }
  window.WebSocket = Tapped;
  // Shift+B is two keydowns: the time runs from the B, not from the Shift before it.
  const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta'];
  for (const type of ['click', 'keydown']) addEventListener(type, (e) => { if (!MODIFIERS.includes(e.key)) log.inputs.push({ type, at: performance.timeOrigin + e.timeStamp }); }, true);
})();`;

/** Empties the probe log (before an input). */
export const CLEAR_PROBES = `(() => { window.__probe.inputs.length = 0; window.__probe.frames.length = 0; })()`;

export const TAKE_PROBES = `(() => ({ inputs: [...window.__probe.inputs], frames: [...window.__probe.frames] }))()`;

export function armWaiter(targets: PaintTarget[], timeoutMs: number): string {
  return `(() => {
  const targets = ${JSON.stringify(targets)};
  const now = () => performance.timeOrigin + performance.now();
  const samePrice = (text, price) => Math.abs(Number(text) - Number(price)) < 1e-9;
  const ROOTS = { mine: '[data-testid="trade-ladder"]', openOrder: '[data-testid="open-orders-panel"]', trade: '[data-testid="trades-panel"]', bareRow: '#answers' };
  const rootOf = (t) => document.querySelector(ROOTS[t.kind]);
  const matches = (t, root) => {
    if (t.kind === 'mine') return root.querySelector('[data-testid="ladder-level"][data-price="' + t.price + '"] [data-testid="ladder-own"][data-side="bid"]') !== null;
    if (t.kind === 'openOrder') return [...root.querySelectorAll('[data-testid="open-order-row"][data-side="BUY"]')].some((row) => samePrice(row.dataset.price, t.price));
    if (t.kind === 'trade') return [...root.querySelectorAll('[data-testid="account-trade-row"]')].some((row) => !t.known.includes(row.dataset.tradeId));
    return root.querySelector('tr[data-id="' + t.id + '"]') !== null;
  };
  const found = {};
  window.__painted = new Promise((resolve) => {
    let done = false;
    const observers = [];
    let timer = null;
    const finish = () => {
      if (done) return;
      done = true;
      for (const observer of observers) observer.disconnect();
      clearTimeout(timer);
      resolve(found);
    };
    const check = (t, root) => {
      if (found[t.name] || !matches(t, root)) return;
      const entry = { mutatedAt: now(), paintedAt: 0, settledAt: 0 };
      found[t.name] = entry;
      performance.mark('waiter-mutated-' + t.name);
      const allSeen = () => targets.every((x) => found[x.name] && found[x.name].paintedAt > 0 && found[x.name].settledAt > 0);
      requestAnimationFrame(() => {
        scheduler.postTask(() => {
          entry.paintedAt = now();
          performance.mark('waiter-painted-' + t.name);
          if (allSeen()) finish();
        }, { priority: 'user-blocking' });
        setTimeout(() => {
          entry.settledAt = now();
          if (allSeen()) finish();
        }, 0);
      });
    };
    for (const t of targets) {
      const root = rootOf(t);
      if (!root) continue;
      const observer = new MutationObserver(() => check(t, root));
      observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-price', 'data-trade-id', 'data-testid'] });
      observers.push(observer);
      check(t, root);
    }
    timer = setTimeout(finish, ${timeoutMs});
  });
})()`;
}

export const AWAIT_PAINTED = 'window.__painted';
