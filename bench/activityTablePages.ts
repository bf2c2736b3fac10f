/**
 * In-page parts of the Activity table bench: the scroll-and-time script (run in the app and in
 * the baseline page alike) and the baseline page, a plain non-virtualized table of rows shaped
 * like the Activity table's (same grid, same columns, same row height). Strings, because they run
 * in the browser; this file is compiled without the DOM library.
 */

export interface ScrollRun {
  /** Interval between consecutive animation frames, ms. */
  frames: number[];
  /**
   * Main-thread work each scroll caused, ms: from the scroll event (a capturing listener on the
   * window, first to run) through the page's own scroll handlers (the virtualizer renders React
   * synchronously in its handler) to a forced style and layout. Paint and raster not included.
   */
  work: number[];
  /** Frames in which a row still loading ("…") was on screen. */
  loadingFrames: number;
}

/**
 * (selector, frames) => Promise<ScrollRun>: scrolls the element four rows per frame, jumps to a
 * random offset every 60 frames (deterministic sequence), and times each frame.
 */
export const SCROLL_SCRIPT = `async (selector, frameCount) => {
  const scroller = document.querySelector(selector);
  if (!scroller) throw new Error('no scroller ' + selector);
  scroller.scrollTop = 0;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const frames = [];
  const work = [];
  let loadingFrames = 0;
  let began = null;
  const onScrollStart = (event) => { if (event.target === scroller) began = performance.now(); };
  const onScrollEnd = () => {
    if (began === null) return;
    document.body.getBoundingClientRect(); // style and layout now, inside the measurement
    work.push(performance.now() - began);
    began = null;
  };
  window.addEventListener('scroll', onScrollStart, true);
  // Added after the page's own listeners on the scroller, so it runs after them.
  scroller.addEventListener('scroll', onScrollEnd);
  let last = await new Promise((resolve) => requestAnimationFrame(resolve));
  for (let i = 0; i < frameCount; i += 1) {
    const max = scroller.scrollHeight - scroller.clientHeight;
    scroller.scrollTop = i % 60 === 59 ? Math.floor(random() * max) : Math.min(max, scroller.scrollTop + 96);
    const now = await new Promise((resolve) => requestAnimationFrame(resolve));
    frames.push(now - last);
    last = now;
    if (scroller.querySelector('[aria-busy="true"]')) loadingFrames += 1;
  }
  window.removeEventListener('scroll', onScrollStart, true);
  scroller.removeEventListener('scroll', onScrollEnd);
  return { frames, work, loadingFrames };
}`;

/** The baseline page; `window.renderPlainRows(n)` renders n rows as plain DOM (no virtualization). */
export const BARE_PAGE_HTML = `<!doctype html>
<html><head><style>
  body { margin: 0; background: #0a0d12; color: #d5dce5; font: 11.5px/1.4 monospace; }
  #scroller { height: 760px; overflow-y: auto; }
  .row { display: grid; grid-template-columns: 118px 92px 40px minmax(240px, 4fr) minmax(60px, 0.8fr) 84px 60px 90px 104px;
         gap: 0 8px; align-items: center; height: 24px; padding: 0 8px; border-bottom: 1px solid #1f2731; white-space: nowrap; }
  .row > span { overflow: hidden; text-overflow: ellipsis; }
  .n { text-align: right; }
</style></head>
<body><div id="scroller"></div>
<script>
  window.renderEmptyHeight = (height) => {
    const inner = document.createElement('div');
    inner.style.height = height + 'px';
    document.getElementById('scroller').appendChild(inner);
  };
  window.renderPlainRows = (count) => {
    const scroller = document.getElementById('scroller');
    const types = ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'CONVERSION', 'REWARD', 'DEPOSIT', 'WITHDRAWAL'];
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < count; i += 1) {
      const row = document.createElement('div');
      row.className = 'row';
      row.dataset.key = (1700000000 + i) + ':' + i;
      const cells = [
        '2026-10-' + String(1 + (i % 28)).padStart(2, '0') + ' 12:' + String(i % 60).padStart(2, '0'),
        types[i % types.length], i % 2 ? 'BUY' : 'SELL',
        'Will the highest temperature in Kingsbridge be ' + (70 + (i % 20)) + '°F on November 3, 2026?',
        i % 2 ? 'Yes' : 'No', (1000 + i * 1.37).toFixed(2), (0.01 * (i % 99)).toFixed(3), (500 + i * 0.91).toFixed(2),
        '0x' + (i * 2654435761 >>> 0).toString(16).padStart(8, '0').slice(0, 4) + '…' + String(i % 10000).padStart(4, '0'),
      ];
      cells.forEach((text, column) => {
        const cell = document.createElement('span');
        if (column >= 5 && column <= 7) cell.className = 'n';
        cell.textContent = text;
        row.appendChild(cell);
      });
      fragment.appendChild(row);
    }
    scroller.appendChild(fragment);
  };
</script></body></html>`;
