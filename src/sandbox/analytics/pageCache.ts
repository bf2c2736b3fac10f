/**
 * A small LRU of finished `/v2/activity` pages, keyed by everything the page's content depends
 * on: wallet, feed length (new fills change the newest pages), the window's resolved feed
 * positions, anchor, size, direction and filters. A walk re-read (a client resuming, a retry, the
 * Activity view paging back) is served without writing rows again. Bounded by entries; a 1,000-
 * row page is about 0.7 MB. The cache holds each page it keeps (pageSlots.ts), so a cached page's
 * slot is not reused until the page is evicted and sent.
 */
import type { Page, PageSlots } from './pageSlots';

export class PageCache {
  private readonly pages = new Map<string, Page>();

  constructor(
    private readonly capacity: number,
    private readonly slots: PageSlots,
  ) {}

  get(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: Page): void {
    if (this.capacity === 0) return;
    this.drop(key);
    this.slots.retain(page);
    this.pages.set(key, page);
    if (this.pages.size > this.capacity) this.drop(this.pages.keys().next().value as string);
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.slots.release(page);
  }
}
