/**
 * A small LRU of finished `/v2/activity` pages (their bytes), keyed by everything the page's
 * content depends on: wallet, feed length (new fills change the newest pages), the window's
 * resolved feed positions, anchor, size, direction and filters. A walk re-read (a client
 * resuming, a retry, the Activity view paging back) is served without writing rows again.
 * Bounded by entries; a 1,000-row page is about 0.7 MB.
 */
export class PageCache {
  private readonly pages = new Map<string, Uint8Array>();

  constructor(private readonly capacity: number) {}

  get(key: string): Uint8Array | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: Uint8Array): void {
    if (this.capacity === 0) return;
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value as string);
  }
}
