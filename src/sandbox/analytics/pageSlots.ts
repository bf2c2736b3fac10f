/**
 * Reusable memory for `/v2/activity` pages. A fresh buffer per 1,000-row page (about 700 KB) is
 * external memory the collector must account and free: at a few hundred pages a second that
 * churn made the event loop spend more time in full collections than in writing the rows. Pages
 * are instead written into fixed slots of shared memory (the page worker writes into the same
 * slots: SharedArrayBuffer, so nothing is copied or transferred), and a slot is reused once
 * nothing holds its page: not the response being sent, not the page cache.
 *
 * Each holder counts: the writer's hold becomes the response's (released when the response is
 * done), the cache takes its own. A page that does not fit a slot, or arrives when every slot is
 * held and the cap is reached, is an ordinary buffer (slot null) and simply left to the collector.
 */

const SLOT_BYTES = 1 << 20;
/** The page cache's 32 plus the pages in flight (4 in flight is typical; 96 is far beyond it). */
const MAX_SLOTS = 128;

export class PageSlot {
  refs = 0;
  /** False once a page was handed to a worker that was then stopped mid-write: never reused. */
  usable = true;
  /** Whether the page worker already has this slot's memory (it is posted once). */
  shared = false;
  readonly view: Buffer;

  constructor(readonly index: number, readonly memory: SharedArrayBuffer) {
    this.view = Buffer.from(memory);
  }
}

export interface Page {
  bytes: Uint8Array;
  slot: PageSlot | null;
}

export class PageSlots {
  private readonly slots: PageSlot[] = [];
  private readonly free: PageSlot[] = [];

  constructor(
    readonly slotBytes = SLOT_BYTES,
    readonly maxSlots = MAX_SLOTS,
  ) {}

  /** How many slots exist and how many are free (tests, benches). */
  get counts(): { slots: number; free: number } {
    return { slots: this.slots.length, free: this.free.length };
  }

  /** A slot nobody holds (made when none is free and the cap allows), held once; null beyond the cap. */
  acquire(): PageSlot | null {
    let slot = this.free.pop();
    if (!slot && this.slots.length < this.maxSlots) {
      slot = new PageSlot(this.slots.length, new SharedArrayBuffer(this.slotBytes));
      this.slots.push(slot);
    }
    if (!slot) return null;
    slot.refs = 1;
    return slot;
  }

  retain(page: Page): void {
    if (page.slot) page.slot.refs += 1;
  }

  release(page: Page): void {
    const { slot } = page;
    if (!slot || slot.refs <= 0) return;
    slot.refs -= 1;
    if (slot.refs === 0 && slot.usable) this.free.push(slot);
  }

  /** Gives up a held slot whose page was not written into it (it did not fit, or was written elsewhere). */
  discard(slot: PageSlot): void {
    this.release({ bytes: slot.view, slot });
  }
}
