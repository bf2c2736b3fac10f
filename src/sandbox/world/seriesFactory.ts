/**
 * Series records link events that recur (a league, a daily price, monthly rate decisions).
 * They are built after every event exists, because a series lists its member events and
 * sums their volume.
 */
import { SERIES } from './templates';
import { seriesRecord } from './records/common';
import { slugify, type EventPlan } from './eventFactory';
import type { Taxonomy } from './taxonomy';
import type { WorldEvent } from './types';

export function buildSeriesRecords(events: WorldEvent[], plans: EventPlan[], taxonomy: Taxonomy, atMs: number): void {
  const members = new Map<string, WorldEvent[]>();
  events.forEach((event, i) => {
    const key = plans[i]?.draft.seriesKey;
    if (!key || !SERIES[key]) return;
    const list = members.get(key) ?? [];
    list.push(event);
    members.set(key, list);
  });
  Object.keys(SERIES).forEach((key, index) => {
    const def = SERIES[key];
    const list = members.get(key);
    if (!def || !list) return;
    const tag = taxonomy.tagBySlug.get(def.tag);
    const sum = (field: string) => Math.round(list.reduce((s, e) => s + Math.round(Number(e.record[field]) * 100), 0)) / 100;
    const record = seriesRecord({
      id: String(200 + index), slug: slugify(key), title: def.title, seriesType: def.seriesType,
      recurrence: def.recurrence, atMs, volume24hr: sum('volume24hr'), volume: sum('volume'), liquidity: sum('liquidity'),
      events: list.map((e) => ({ id: e.id, slug: e.slug, title: e.title, active: e.active, closed: e.closed })),
      tags: tag ? [tag.record] : [],
      categories: (list[0]?.record.categories as Record<string, unknown>[] | undefined)?.slice(0, 1) ?? [],
    });
    for (const event of list) event.record.series = [record];
  });
}
