/**
 * Markets (issue 20): the event row's percentage is its first market's price. The list is read
 * once and the event's markets again when it is opened; opening it brings the row's leading
 * outcome up to the markets shown, by the same rule main uses for the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../core/coreHarness';
import { installBridge } from './storesOverCore';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  installBridge(harness);
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('an event row and its markets', () => {
  it('agree once the event is opened: the row shows the first market’s price', async () => {
    const { useEventListStore } = await import('../../../src/renderer/stores/eventListStore');
    const { useEventDetailStore } = await import('../../../src/renderer/stores/eventDetailStore');
    const { marketsByProbability } = await import('../../../src/renderer/views/markets/marketOrder');
    await useEventListStore.getState().reload();
    const event = useEventListStore.getState().events.find((e) => e.marketCount > 1 && e.leading !== null && !e.closed);
    expect(event, 'a multi-market event with a price').toBeDefined();
    // The list's copy is older than the markets about to be read: here, off by a few points.
    useEventListStore.getState().setLeading(event!.id, { ...event!.leading!, price: event!.leading!.price - 0.03 });

    await useEventDetailStore.getState().selectEvent(event!.id);
    const detail = useEventDetailStore.getState().detail!;
    const first = marketsByProbability(detail.markets)[0]!;
    const row = useEventListStore.getState().events.find((e) => e.id === event!.id)!;
    expect(row.leading?.price).toBe(Number(first.outcomes[0]!.price));
    expect(row.leading?.name).toBe(first.groupItemTitle || first.question);
  });
});
