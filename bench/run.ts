/**
 * `npm run bench` runs every bench/<name>.bench.ts one after another and prints one table, then
 * each bench's headline lines. Arguments pick benches by name (case-insensitive, a part is
 * enough): `npm run bench -- signing`, `npm run bench -- matching`. The README lists the names.
 * The half-hour soak runs only when named (`npm run bench -- soak`).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchReport, BenchRow } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2).map((filter) => filter.toLowerCase());
const benchName = (file: string) => file.slice(0, -'.bench.ts'.length);
const all = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
/** Benches too long for a run of every bench: only when named. */
const ON_REQUEST = new Set(['soak']);
const files = all.filter((name) =>
  filters.length === 0 ? !ON_REQUEST.has(benchName(name)) : filters.some((filter) => benchName(name).toLowerCase().includes(filter)),
);

if (files.length === 0) {
  console.error(`no bench matches ${filters.join(', ')}; the benches are: ${all.map(benchName).join(', ')}`);
  process.exit(1);
}

const rows: BenchRow[] = [];
const summary: string[] = [];
for (const file of files) {
  process.stderr.write(`running ${file} …\n`);
  const module = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  const report: BenchReport = await module.default();
  rows.push(...report.rows);
  summary.push(...report.summary);
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(2);
}

const header = ['bench', 'metric', 'value', 'unit'];
const table = rows.map((row) => [row.bench, row.metric, formatValue(row.value), row.unit]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column]!.length)));
const line = (cells: string[]) =>
  cells.map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');

console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table) console.log(line(cells));
console.log('');
for (const text of summary) console.log(text);
