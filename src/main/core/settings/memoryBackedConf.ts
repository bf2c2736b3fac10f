/**
 * `conf` re-reads its JSON file on every `get`. The core is the only writer of its files (the
 * app holds a single-instance lock), so this keeps one copy in memory, read once, and writes
 * through — hot paths (every trading request asks for the active account) do no file I/O.
 */
import Conf, { type Options } from 'conf';

export class MemoryBackedConf<T extends Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- conf's own constraint
  private readonly conf: Conf<T>;
  private data: T;

  constructor(options: Options<T>) {
    this.conf = new Conf<T>(options);
    this.data = this.conf.store;
  }

  get<K extends keyof T>(key: K): T[K] {
    return this.data[key];
  }

  set<K extends keyof T>(key: K, value: T[K]): void {
    this.conf.set(key, value);
    this.data = { ...this.data, [key]: value };
  }
}
