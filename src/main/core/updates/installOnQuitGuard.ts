/**
 * Keeps electron-updater's install-on-quit flag true only while updatePolicy.installOnQuitAllowed
 * holds: it re-reads what rests when asked (coalescing reads that overlap, so the last answer is
 * from a read that started after the last change) and withdraws the flag at once on any change.
 */
import type { RestingWork } from '../../../shared/updates';
import { installOnQuitAllowed, type UpdateCycle } from './updatePolicy';
import type { UpdaterPort } from './updaterPort';

export interface InstallOnQuitGuardOptions {
  port: UpdaterPort | null;
  readResting: () => Promise<RestingWork>;
  /** The service's current cycle and whether updates are off. */
  situation: () => { off: boolean; cycle: UpdateCycle };
  /** The flag changed: the state shown to the user changed with it. */
  onChange: () => void;
}

export class InstallOnQuitGuard {
  /** What the updater was last told. */
  allowed = false;
  /** The last read of what rests (null: not read since the last change, or the read failed). */
  private resting: RestingWork | null = null;
  private reading: Promise<void> | null = null;
  private stale = false;

  constructor(private readonly options: InstallOnQuitGuardOptions) {}

  /** Something that rests may have changed: withdraw now, grant again only after a fresh read. */
  withdrawAndReread(): void {
    this.resting = null;
    this.apply();
    void this.reread();
  }

  async reread(): Promise<void> {
    if (this.reading) {
      this.stale = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.stale = false;
        try {
          this.resting = await this.options.readResting();
        } catch {
          this.resting = null;
        }
      } while (this.stale);
    })();
    try {
      await this.reading;
    } finally {
      this.reading = null;
    }
    this.apply();
  }

  apply(): void {
    const { off, cycle } = this.options.situation();
    const allowed = installOnQuitAllowed({ off, cycle, resting: this.resting, environment: this.options.port?.environment ?? null });
    if (allowed === this.allowed) return;
    this.allowed = allowed;
    this.options.port?.setInstallOnQuit(allowed);
    this.options.onChange();
  }
}
