/**
 * Condition ids typed or pasted into a filter (separated by commas, spaces or new lines): all
 * well formed, at most the service's 20, lower case and each once; or the sentence naming what is
 * wrong. `what` names the ids ("condition id", "markets") as the filter calls them.
 */
import { MAX_CONDITION_IDS } from '../../shared/protocol/analytics';
import { formatNumber } from './format';

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

export function parseConditionIds(text: string, what: { one: string; many: string }, held: readonly string[] = []): { ids: string[] } | { problem: string } {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  const bad = words.find((word) => !CONDITION_ID.test(word));
  if (bad !== undefined) return { problem: `“${bad.length > 20 ? `${bad.slice(0, 20)}…` : bad}” is not a ${what.one} (0x and 64 hex digits).` };
  const ids = [...new Set([...held, ...words.map((word) => word.toLowerCase())])];
  if (ids.length > MAX_CONDITION_IDS) return { problem: `At most ${formatNumber(MAX_CONDITION_IDS)} ${what.many} can be filtered at once (${formatNumber(ids.length)} given).` };
  return { ids };
}

/** Pasted combo ids added to those held, or the sentence naming what is wrong (nothing changes then). */
export function parseComboIds(text: string, held: readonly string[]): { ids: string[] } | { problem: string } {
  if (!text.trim()) return { problem: 'Paste a combo id: 0x and 64 hex digits.' };
  return parseConditionIds(text, { one: 'combo id', many: 'combos' }, held);
}
