/**
 * The schemas of the display preferences and price alerts (types and defaults: prefs.ts). Main
 * parses every change with them and re-parses what it reads back from disk; the contract checks
 * the bridge's inputs with them.
 */
import { z } from 'zod';
import { FIGURE_KINDS } from './sentence';
import { ALERT_DIRECTIONS, ALERT_SOURCES, CLOCK_STYLES, isKnownTimeZone, PRICE_STYLES, THEMES, type DisplayPrefs, type PriceAlertInput } from './prefs';

const timeZoneSchema = z
  .string()
  .min(1, 'the time zone must not be empty')
  .max(64, 'a time zone name is at most 64 characters')
  .refine((zone) => zone === 'system' || isKnownTimeZone(zone), {
    message: 'the time zone must be "system" or an IANA zone such as Europe/Berlin',
  });

/** An order size in shares: a plain decimal, empty for "no default". */
const orderSizeSchema = z
  .string()
  .max(12, 'the default order size is at most 12 characters')
  .regex(/^(|\d{1,7}(\.\d{1,2})?)$/, 'the default order size must be a number of shares with at most 2 decimals, or empty')
  .refine((size) => size === '' || Number(size) > 0, 'the default order size must be above 0, or empty');

export const displayPrefsSchema = z
  .object({
    theme: z.enum(THEMES, { error: 'the theme must be system, light or dark' }),
    priceStyle: z.enum(PRICE_STYLES, { error: 'prices show as decimal or cents' }),
    clock: z.enum(CLOCK_STYLES, { error: 'the clock is 24h or 12h' }),
    timeZone: timeZoneSchema,
    defaultOrderSize: orderSizeSchema,
    /** Notify when one of the active account's orders fills. */
    fillAlerts: z.boolean({ error: 'fill alerts are on or off' }),
  })
  .strict();

/** A change to some preferences; the rest stay. */
export const displayPrefsChangeSchema = displayPrefsSchema.partial().strict();

/** A price of an outcome: strictly between 0 and 1, at most 4 decimals (the finest tick). */
const alertPriceSchema = z
  .string()
  .max(8, 'the alert price is at most 8 characters')
  .regex(/^0?\.\d{1,4}$/, 'the alert price must be a decimal between 0 and 1, like 0.55')
  .refine((price) => Number(price) > 0 && Number(price) < 1, 'the alert price must be above 0 and below 1');

export const priceAlertInputSchema = z
  .object({
    tokenId: z.string().max(78, 'a token id has at most 78 digits').regex(/^[0-9]{1,78}$/, 'must be a decimal token id'),
    /** What the notification names: the question and the outcome, as the user saw them. */
    // Bounded before trimming too: otherwise any amount of whitespace around the text is valid.
    question: z.string().max(300, 'the market question is at most 300 characters').trim().min(1, 'the market question is required'),
    outcome: z.string().max(100, 'the outcome is at most 100 characters').trim().min(1, 'the outcome is required'),
    direction: z.enum(ALERT_DIRECTIONS, { error: 'an alert fires above or below its price' }),
    source: z.enum(ALERT_SOURCES, { error: 'an alert watches the mid or the last trade' }),
    price: alertPriceSchema,
    tickSize: z.string().max(10).regex(/^0?\.\d{1,6}$/, 'the tick size must be a decimal like 0.01').default('0.01'),
  })
  .strict();

export const alertStoreSchema = z.array(
  priceAlertInputSchema.extend({ id: z.string().min(1).max(64), createdAt: z.number().int().nonnegative() }).strict(),
);

export const alertLogSchema = z.array(
  z
    .object({
      id: z.string().min(1).max(64),
      kind: z.enum(['price', 'fill']),
      at: z.number().int().nonnegative(),
      title: z.string().max(400),
      body: z.string().max(600),
      tokenId: z.string().max(78),
      price: z.string().max(40),
      tickSize: z.string().max(10),
      bodyParts: z
        .array(
          z.union([
            z.string().max(600),
            z
              .object({
                kind: z.enum(FIGURE_KINDS),
                value: z.string().max(80),
                tickSize: z.string().max(10).optional(),
                unit: z.string().max(20).optional(),
              })
              .strict(),
          ]),
        )
        .max(20)
        .optional(),
    })
    .strict(),
);

/** Compiles only when A and B are the same type. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
// The schemas parse to exactly the types prefs.ts declares: a change to one side alone does not compile.
const _displayPrefsMatch: Exactly<z.output<typeof displayPrefsSchema>, DisplayPrefs> = true;
const _priceAlertInputMatch: Exactly<z.output<typeof priceAlertInputSchema>, PriceAlertInput> = true;
