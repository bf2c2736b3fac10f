/**
 * The width of a table column that shows a moment whole, in the one shape (lib/format.ts): on
 * the 24-hour clock "2026-11-28 14:05" (16 characters), on the 12-hour clock
 * "2026-11-28 12:05 PM" (19), in the tables' 12 px monospace (about 7.2 px a character).
 * Views re-render when the clock changes, so a template built with it follows the setting.
 */
import { currentFormatPrefs } from '../../../lib/format';

export const momentColumn = (): string => (currentFormatPrefs().clock === '12h' ? '138px' : '118px');
