/**
 * Every number and time on screen goes through src/renderer/lib/format.ts, which follows the
 * display preferences. This check reads the renderer's source and fails, naming file:line, where
 * a view formats on its own (formatScan.ts says how it looks). The allow-list is short and each
 * entry says why its figure is not formatted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource, type Finding } from './formatScan';

const RENDERER = join(import.meta.dirname, '..', '..', '..', 'src', 'renderer');
const FORMAT_MODULE = join('lib', 'format.ts');

/** file (relative to src/renderer) → the expressions that may stay as they are, and why. */
const ALLOWED: Record<string, Array<{ text: string; why: string }>> = {
  [join('views', 'trade', 'ticket', 'ConfirmOrderDialog.tsx')]: [
    { text: 'preview.makerAmount', why: 'the exact integer the key signs, in base units, digit for digit (its decimal reading is next to it)' },
    { text: 'preview.takerAmount', why: 'the exact integer the key signs, in base units, digit for digit (its decimal reading is next to it)' },
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const shown = (file: string, finding: Finding) => `${file.split(sep).join('/')}:${finding.line} ${finding.rule}: ${finding.text}`;

describe('the renderer formats numbers and times only through lib/format.ts', () => {
  // Parsing some 300 files takes seconds, more on a busy machine.
  it('finds no view that formats on its own', { timeout: 60_000 }, () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const path of sourceFiles(RENDERER)) {
      const file = relative(RENDERER, path);
      if (file === FORMAT_MODULE) continue;
      scanned += 1;
      const allowed = ALLOWED[file] ?? [];
      for (const finding of scanSource(path, readFileSync(path, 'utf8'))) {
        if (!allowed.some((entry) => entry.text === finding.text)) offenders.push(shown(file, finding));
      }
    }
    expect(scanned, 'the renderer sources were found').toBeGreaterThan(200);
    expect(offenders).toEqual([]);
  });

  it('keeps no allow-list entry that no longer matches anything', () => {
    for (const [file, entries] of Object.entries(ALLOWED)) {
      const findings = scanSource(file, readFileSync(join(RENDERER, file), 'utf8')).map((finding) => finding.text);
      for (const entry of entries) expect(findings, `${file}: ${entry.text}`).toContain(entry.text);
    }
  });
});

describe('the scan', () => {
  const rulesIn = (source: string, file = 'x.tsx') => scanSource(file, source).map((finding) => `${finding.line} ${finding.rule}`);

  it('catches formatting calls, Intl formatters and hand-built times', () => {
    expect(rulesIn('const a = (0.5).toFixed(2);\nconst b = new Date(t).toLocaleString("en-US");')).toEqual(['1 formatting-call', '2 formatting-call']);
    expect(rulesIn('const f = new Intl.NumberFormat("en-US");\nconst zones = Intl.supportedValuesOf("timeZone");')).toEqual(['1 intl-formatter']);
    expect(rulesIn('const s = `${d.getHours()}:${d.getMinutes()}`;')).toEqual(['1 formatting-call', '1 formatting-call']);
    expect(rulesIn("const grouped = whole.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');")).toEqual(['1 hand-grouped']);
  });

  it('catches raw figures, counts and arithmetic shown as text, in JSX, text attributes, sentences and table cells', () => {
    expect(rulesIn('const x = <span>{order.price}</span>;')).toEqual(['1 raw-figure']);
    expect(rulesIn('const x = <span title={`at ${order.price}`}>a</span>;')).toEqual(['1 raw-figure']);
    expect(rulesIn('const note = `Sent ${result.amount} USDC`;')).toEqual(['1 raw-figure']);
    expect(rulesIn('const x = <p>{rows.length} rows</p>;')).toEqual(['1 raw-count']);
    expect(rulesIn('const x = <p>every {ms / 1000} s, about {Math.round(eta)} left</p>;')).toEqual(['1 raw-arithmetic', '1 hand-rounded']);
    expect(rulesIn("const columns = [{ id: 'size', cell: (r) => r.size }];")).toEqual(['1 raw-figure']);
    expect(rulesIn('const x = <b>{buy ? usd : `${byAmount ? "" : "up to "}${shares}`}</b>;')).toEqual(['1 raw-figure', '1 raw-figure']);
    expect(rulesIn('const x = <Stat label="Tick" value={book.tickSize} />;')).toEqual(['1 raw-figure']);
    expect(rulesIn('const x = <Stat label="Referrals" value={String(referral.childrenCount)} />;')).toEqual(['1 raw-count']);
  });

  it('leaves keys, CSS, class names, input values and formatted figures alone', () => {
    expect(rulesIn('const key = `${fill.price}|${fill.size}`;')).toEqual([]);
    expect(rulesIn('const style = { transform: `translateY(${Math.round(start)}px)` };')).toEqual([]);
    expect(rulesIn('const x = <div className={`dialog dialog-${size}`} />;')).toEqual([]);
    expect(rulesIn('const x = <input placeholder={book.minOrderSize} />;')).toEqual([]);
    expect(rulesIn('const x = <><input value={draft.price} /><TimeZoneField value={prefs.timeZone} /></>;')).toEqual([]);
    expect(rulesIn('const x = <span>{formatPrice(order.price, tick)} · {formatNumber(rows.length)}</span>;')).toEqual([]);
  });
});
