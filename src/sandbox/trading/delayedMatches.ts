/**
 * Orders the exchange accepted with status `delayed` ("order match delayed"): they are placed on
 * the book — matched, rested or refused by the ordinary rules — once their delay has passed. A
 * delayed order that is then refused (its balance went meanwhile, say) is dropped, as the public
 * service does; the owner sees it missing from its open orders. Timers never keep the process
 * alive and all go on close.
 */
export class DelayedMatches {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Runs `place` after `delayMs`, unless the service closes first. */
  schedule(delayMs: number, place: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) place();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  get pending(): number {
    return this.timers.size;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
