/**
 * Finding 1 (issue 7): the contract accepted inputs larger than the browser-mode frame limit
 * (`cancelOrders` took 300,000 ids), so a valid call could be refused as an oversized frame.
 * For every channel this computes an upper bound on the size of the largest VALID call frame,
 * from the schema itself, and checks that it fits `MAX_CALL_FRAME_BYTES`. A schema without a
 * bound (a string or array with no maximum, an object that accepts unknown keys, a length checked
 * only after trimming) has no such bound and fails the test by name.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bridgeChannels, channelNames } from '../../src/shared/contract';
import { MAX_CALL_FRAME_BYTES } from '../../src/shared/webSocketProtocol';

type AnySchema = z.ZodType;
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number; value?: number; pattern?: RegExp } } }>;
  innerType?: AnySchema;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  element?: AnySchema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: AnySchema[];
  in?: AnySchema;
  out?: AnySchema;
}
const defOf = (schema: AnySchema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** JSON.stringify writes a code unit as at most 6 bytes of UTF-8 (`\u001f`, a lone surrogate). */
const WORST_BYTES_PER_CHAR = 6;
/** The longest JSON number (e.g. `-1.7976931348623157e+308`). */
const WORST_NUMBER_BYTES = 24;

/**
 * True when every string the anchored pattern accepts is plain ASCII that JSON writes one byte
 * per character. Conservative: any construct we do not recognise (`.`, `[^`, `\s`, `\x..`, `\u`,
 * a quote or a backslash) makes it false, and the string is then costed at 6 bytes a character.
 */
function patternIsPlainAscii(pattern: RegExp): boolean {
  const source = pattern.source;
  if (!source.startsWith('^') || !source.endsWith('$') || pattern.flags.includes('u')) return false;
  const body = source.slice(1, -1).replace(/\\[d.\-_]/g, '');
  if (body.includes('\\') || body.includes('[^') || body.includes('"')) return false;
  const outsideClasses = body.replace(/\[[^\]]*\]/g, '');
  if (outsideClasses.includes('.')) return false;
  return /^[\x21-\x7e]*$/.test(body);
}

/** An upper bound on the UTF-8 length of JSON.stringify(value) for any value the schema accepts. */
function worstCaseJsonBytes(schema: AnySchema, path: string): number {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'prefault':
      return Math.max(worstCaseJsonBytes(def.innerType!, path), 4);
    case 'pipe':
      return worstCaseJsonBytes(def.in!, path);
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'number': {
      const bounds = checks.map((c) => c._zod.def.value).filter((v): v is number => typeof v === 'number');
      const integral = (schema as unknown as { _zod: { def: { format?: string } } })._zod.def.format === 'safeint';
      if (integral && bounds.length === 2) return Math.max(...bounds.map((b) => String(b).length));
      return WORST_NUMBER_BYTES;
    }
    case 'enum':
      return Math.max(...Object.values(def.entries!).map((v) => JSON.stringify(v).length));
    case 'literal':
      return Math.max(...def.values!.map((v) => Buffer.byteLength(JSON.stringify(v))));
    case 'string': {
      // Only a maximum checked on the raw input counts: after `.trim()` (an overwrite), a later
      // maximum bounds the trimmed text, not what arrives.
      let rawMax: number | null = null;
      let transformed = false;
      let asciiOnly = false;
      for (const check of checks) {
        const c = check._zod.def;
        if (c.check === 'overwrite') transformed = true;
        else if (c.check === 'max_length' && !transformed) rawMax = Math.min(rawMax ?? Infinity, c.maximum!);
        else if (c.check === 'string_format' && c.pattern && !transformed && patternIsPlainAscii(c.pattern)) asciiOnly = true;
      }
      if (rawMax === null) throw new Error(`${path}: a string without a maximum length (before any trim)`);
      return 2 + rawMax * (asciiOnly ? 1 : WORST_BYTES_PER_CHAR);
    }
    case 'array': {
      const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
      if (max === undefined) throw new Error(`${path}: an array without a maximum length`);
      return 2 + max * (worstCaseJsonBytes(def.element!, `${path}[]`) + 1);
    }
    case 'object': {
      if (defOf(def.catchall!).type !== 'never') throw new Error(`${path}: an object that accepts unknown keys (use .strict())`);
      let total = 2;
      for (const [key, value] of Object.entries(def.shape!)) {
        total += JSON.stringify(key).length + 1 + worstCaseJsonBytes(value, `${path}.${key}`) + 1;
      }
      return total;
    }
    case 'union':
      return Math.max(...def.options!.map((option, i) => worstCaseJsonBytes(option, `${path}|${i}`)));
    default:
      throw new Error(`${path}: no size bound known for a ${def.type} schema`);
  }
}

/** The call frame around an input: `{"kind":"call","id":<safe integer>,"channel":"…","input":…}`. */
const envelopeBytes = (channel: string) =>
  JSON.stringify({ kind: 'call', id: Number.MIN_SAFE_INTEGER, channel, input: null }).length - 'null'.length;

describe('every bridge input fits one call frame', () => {
  const bounds = channelNames.map((channel) => {
    try {
      const input = worstCaseJsonBytes(bridgeChannels[channel].input as unknown as AnySchema, channel);
      return { channel, frameBytes: envelopeBytes(channel) + input, problem: null };
    } catch (error) {
      return { channel, frameBytes: Infinity, problem: (error as Error).message };
    }
  });

  it('has a finite worst case for every channel (maximum lengths on every string and array, strict objects)', () => {
    expect(bounds.filter((b) => b.problem !== null).map((b) => b.problem)).toEqual([]);
  });

  it(`keeps the largest valid call of every channel within ${MAX_CALL_FRAME_BYTES} bytes`, () => {
    const tooBig = bounds.filter((b) => b.frameBytes > MAX_CALL_FRAME_BYTES).map((b) => `${b.channel}: ${b.frameBytes}`);
    expect(tooBig).toEqual([]);
  });

  it('accepts a full DELETE /orders batch (3000 ids) and refuses one more', () => {
    const id = `0x${'ab'.repeat(32)}`;
    const schema = bridgeChannels.cancelOrders.input;
    expect(schema.safeParse({ orderIds: Array.from({ length: 3000 }, () => id) }).success).toBe(true);
    expect(schema.safeParse({ orderIds: Array.from({ length: 3001 }, () => id) }).success).toBe(false);
    const frame = JSON.stringify({ kind: 'call', id: 1, channel: 'cancelOrders', input: { orderIds: Array.from({ length: 3000 }, () => id) } });
    expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(MAX_CALL_FRAME_BYTES);
  });

  it('refuses a label padded with whitespace beyond the raw bound, which trimming used to hide', () => {
    const schema = bridgeChannels.renameAccount.input;
    expect(schema.safeParse({ accountId: 'a', label: `${' '.repeat(300)}Main` }).success).toBe(false);
    expect(schema.safeParse({ accountId: 'a', label: '  Main  ' }).success).toBe(true);
  });

  it('the analysis itself is sound: it costs a pattern it cannot read at 6 bytes a character', () => {
    expect(patternIsPlainAscii(/^0x[0-9a-fA-F]{1,64}$/)).toBe(true);
    expect(patternIsPlainAscii(/^\d{1,12}(\.\d{1,8})?$/)).toBe(true);
    expect(patternIsPlainAscii(/^.{1,3}$/)).toBe(false);
    expect(patternIsPlainAscii(/^[^a]+$/)).toBe(false);
    expect(patternIsPlainAscii(/^[\x20-\x7e]+$/)).toBe(false);
    expect(patternIsPlainAscii(/abc/)).toBe(false);
  });
});
