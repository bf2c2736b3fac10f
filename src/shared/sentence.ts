/**
 * A sentence main says with figures in it (a ticket's problem, a refused order, a risk limit):
 * its words and its figures kept apart, so the page can show each figure the way the user chose
 * in Settings (decimal or cents prices, 12- or 24-hour clock, their time zone) through its one
 * formatting module, while main keeps a plain text for its logs, its error messages and its own
 * windows. Written with the `sentence` tag:
 *
 *   sentence`Not enough USD: the order needs ${usd(needed)}, ${usd(available)} is available.`
 *
 * Plain strings interpolate as words; a figure is made by one of the helpers below; another
 * Sentence (or a list of them, joined by spaces) is spliced in with its figures intact.
 */

export const FIGURE_KINDS = ['price', 'shares', 'usd', 'amount', 'time'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export interface Figure {
  kind: FigureKind;
  /** A decimal string as the exchange or the core has it; for `time`, Unix milliseconds. */
  value: string;
  /** Prices: the market's tick, which sets the digits shown (absent: the digits the price has). */
  tickSize?: string;
  /** Amounts: the asset's name, said after the number ("USDC"). */
  unit?: string;
}

export type SentencePart = string | Figure;

export interface Sentence {
  /** The plain text: decimals as given, times in UTC. What logs and main's own surfaces show. */
  text: string;
  parts: SentencePart[];
}

export const price = (value: string, tickSize?: string): Figure => ({ kind: 'price', value, ...(tickSize ? { tickSize } : {}) });
export const shares = (value: string): Figure => ({ kind: 'shares', value });
export const usd = (value: string): Figure => ({ kind: 'usd', value });
export const amount = (value: string, unit: string): Figure => ({ kind: 'amount', value, unit });
export const moment = (epochMs: number): Figure => ({ kind: 'time', value: String(epochMs) });

const pad = (n: number) => String(n).padStart(2, '0');

/** A figure as plain text: main has no display preferences of its own to follow. */
export function plainFigure(figure: Figure): string {
  switch (figure.kind) {
    case 'usd':
      return `$${figure.value}`;
    case 'amount':
      return `${figure.value} ${figure.unit ?? ''}`.trim();
    case 'time': {
      const at = new Date(Number(figure.value));
      return Number.isNaN(at.getTime()) ? figure.value : `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
    }
    default:
      return figure.value;
  }
}

const isFigure = (value: unknown): value is Figure => typeof value === 'object' && value !== null && 'kind' in value && 'value' in value;

type Interpolated = string | Figure | Sentence | readonly Sentence[];

function partsOf(value: Interpolated): SentencePart[] {
  if (typeof value === 'string' || isFigure(value)) return [value];
  if ('parts' in value) return value.parts;
  return value.flatMap((one, index) => (index === 0 ? one.parts : [' ', ...one.parts]));
}

/** Builds a Sentence from a template: words stay words, figures stay figures. */
export function sentence(strings: TemplateStringsArray, ...values: Interpolated[]): Sentence {
  const parts: SentencePart[] = [];
  const push = (part: SentencePart) => {
    const last = parts.at(-1);
    if (typeof part === 'string' && typeof last === 'string') parts[parts.length - 1] = last + part;
    else if (part !== '') parts.push(part);
  };
  strings.forEach((words, index) => {
    push(words);
    if (index < values.length) partsOf(values[index]!).forEach(push);
  });
  return { text: parts.map((part) => (typeof part === 'string' ? part : plainFigure(part))).join(''), parts };
}

/** A sentence without figures. */
export const words = (text: string): Sentence => ({ text, parts: [text] });

/** The sentence without its closing full stop, to be spliced into another one. */
export function withoutFullStop(said: Sentence): Sentence {
  const last = said.parts.at(-1);
  if (typeof last !== 'string' || !last.endsWith('.')) return said;
  return { text: said.text.replace(/\.$/, ''), parts: [...said.parts.slice(0, -1), last.slice(0, -1)].filter((part) => part !== '') };
}
