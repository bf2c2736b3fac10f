import type { EventName, EventPayload, Unsubscribe } from '../../shared/contract';
import type { CoreEventListener } from './coreApi';

/** Fans core events out to every transport listening (IPC windows, web-host sockets). */
export class EventHub {
  private readonly listeners = new Set<CoreEventListener>();

  emit<K extends EventName>(event: K, payload: EventPayload<K>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // One broken transport must not starve the others of events.
      }
    }
  }

  subscribe(listener: CoreEventListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
