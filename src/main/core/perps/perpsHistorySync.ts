/**
 * Brings an account's perps transfers or funding in the history store up to date, as a job
 * (rows, pages, ETA; cancellable). A walk goes newest first from `cursorEnd` down to `floorTs`,
 * and saves its cursor with each page's rows, so a cancelled or failed walk resumes where it
 * stopped. A sync first finishes a saved walk, then walks the new rows (from now down to the
 * newest stored one). The first walk of an account goes down to the beginning (floor 0); when it
 * ends the history is complete. One sync per account and kind runs at a time; a second request
 * joins it.
 */
import type { PerpsHistoryKind, PerpsHistorySyncState } from '../../../shared/perpsViews';
import { PERPS_LIST_CAPS } from '../../../shared/protocol/perps';
import type { StoredAccount } from '../accounts/accountRegistry';
import { walletKey } from '../history/historyStore';
import type { SavedPerpsWalk } from '../history/perpsWalkTable';
import type { JobContext } from '../trading/jobs';
import { fromBaseUnits } from './perpsAmounts';
import type { PerpsAnswer } from './perpsAnswers';
import { credentialsOf, type PerpsContext } from './perpsContext';
import { walkList } from './perpsListWalk';

/** While a walk runs, `perpsChanged` goes out at most this often (and once at its end). */
const CHANGE_EVENT_EVERY_MS = 1_000;

type TransferRow = PerpsAnswer<'transfers'>['data'][number];
type FundingRow = PerpsAnswer<'funding'>['data'][number];

export class PerpsHistorySync {
  private readonly running = new Map<string, { jobId: string; done: Promise<PerpsHistorySyncState> }>();

  constructor(private readonly context: PerpsContext) {}

  state(account: StoredAccount, kind: PerpsHistoryKind): PerpsHistorySyncState {
    const key = walletKey(account.address);
    const { store } = this.context;
    const table = kind === 'transfers' ? store.perpsTransfers : store.perpsFunding;
    const { complete, lastSyncedAt } = store.perpsWalks.state(key, kind);
    return {
      accountId: account.id,
      kind,
      rows: table.rowCount(key),
      complete,
      newestAt: table.newestAt(key),
      lastSyncedAt,
      runningJobId: this.running.get(`${key}:${kind}`)?.jobId ?? null,
    };
  }

  sync(accountId: string, kind: PerpsHistoryKind, options: { jobId?: string; full?: boolean } = {}): Promise<PerpsHistorySyncState> {
    const account = this.context.registry.get(accountId);
    const key = `${walletKey(account.address)}:${kind}`;
    const joined = this.running.get(key);
    if (joined) return joined.done;
    // Checked before the job starts: no proxy is a refusal, not a failed job.
    credentialsOf(this.context, account);
    const jobId = options.jobId ?? `perps-${kind}-${account.address.slice(2, 10).toLowerCase()}-${this.context.now().toString(36)}`;
    const done = this.context.jobs
      .run(kind === 'transfers' ? 'perpsTransfersSync' : 'perpsFundingSync', jobId, (job) => this.walkAll(account, kind, options.full ?? false, job))
      .finally(() => this.running.delete(key));
    this.running.set(key, { jobId, done });
    return done;
  }

  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((run) => run.done));
  }

  private async walkAll(account: StoredAccount, kind: PerpsHistoryKind, full: boolean, job: JobContext): Promise<PerpsHistorySyncState> {
    const key = walletKey(account.address);
    const { store } = this.context;
    const totals = { rows: 0, pages: 0, changedAt: 0 };
    const saved = full ? null : store.perpsWalks.walk(key, kind);
    if (saved) await this.walk(account, kind, saved, job, totals);
    const { complete } = store.perpsWalks.state(key, kind);
    const newest = (kind === 'transfers' ? store.perpsTransfers : store.perpsFunding).newestAt(key);
    // The new rows since the newest stored one; everything when the history is not complete yet.
    const floorTs = !full && complete && newest !== null ? newest : 0;
    // The first page asks without end_time: the exchange's "now", whatever our clock says.
    await this.walk(account, kind, { cursorEnd: null, floorTs, startedAt: this.context.now() }, job, totals);
    const state = this.state(account, kind);
    if (totals.rows > 0) this.context.changed(account.id, kind);
    return state;
  }

  private async walk(
    account: StoredAccount,
    kind: PerpsHistoryKind,
    walk: SavedPerpsWalk,
    job: JobContext,
    totals: { rows: number; pages: number; changedAt: number },
  ): Promise<void> {
    const key = walletKey(account.address);
    const { store, client } = this.context;
    const credentials = credentialsOf(this.context, account);
    const decimals = kind === 'transfers' ? await this.assetDecimals() : new Map<string, number>();
    store.transaction(() => store.perpsWalks.saveWalk(key, kind, walk));
    const top = walk.cursorEnd ?? this.context.now();
    const span = Math.max(1, top - walk.floorTs);
    const pages = walkList<TransferRow | FundingRow>({
      fetchPage: (endMs) => {
        const range = { startMs: walk.floorTs, ...(endMs !== undefined ? { endMs } : {}) };
        return kind === 'transfers'
          ? client.transfers(credentials, { ...range, limit: PERPS_LIST_CAPS.transfers }, job.signal)
          : client.funding(credentials, { ...range, limit: PERPS_LIST_CAPS.funding }, job.signal);
      },
      timeOf: (row) => ('transfer_id' in row ? row.created_timestamp : row.timestamp),
      keyOf: (row) => ('transfer_id' in row ? String(row.transfer_id) : `${row.instrument_id}:${row.timestamp}`),
      boundary: 'inclusive',
      ...(walk.cursorEnd !== null ? { fromEndMs: walk.cursorEnd } : {}),
      signal: job.signal,
    });
    for await (const page of pages) {
      // Rows and the cursor past them go in together: a resume never skips or repeats a page.
      const added = store.transaction(() => {
        const count = kind === 'transfers'
          ? store.perpsTransfers.add(key, (page.rows as TransferRow[]).map((r) => toStoredTransfer(r, decimals)))
          : store.perpsFunding.add(key, page.rows as FundingRow[]);
        if (page.nextEndMs === null) store.perpsWalks.finishWalk(key, kind, walk.floorTs === 0, this.context.now());
        else store.perpsWalks.saveWalk(key, kind, { ...walk, cursorEnd: page.nextEndMs });
        return count;
      });
      totals.rows += added;
      totals.pages += 1;
      const reached = page.nextEndMs === null ? 1 : (top - page.nextEndMs) / span;
      job.progress(totals.rows, totals.pages, undefined, Math.min(1, Math.max(0, reached)));
      if (added > 0 && this.context.now() - totals.changedAt >= CHANGE_EVENT_EVERY_MS) {
        totals.changedAt = this.context.now();
        this.context.changed(account.id, kind);
      }
    }
  }

  private async assetDecimals(): Promise<Map<string, number>> {
    return new Map((await this.context.client.assets()).map((a) => [a.asset, a.decimals]));
  }
}

function toStoredTransfer(row: TransferRow, decimals: Map<string, number>) {
  // An asset the exchange no longer lists keeps its base units as the amount (0 decimals).
  const places = decimals.get(row.asset) ?? 0;
  return {
    transferId: row.transfer_id,
    asset: row.asset,
    amountUnits: row.amount,
    amount: fromBaseUnits(row.amount, places),
    counterparty: row.counterparty,
    createdAt: row.created_timestamp,
    label: row.label,
  };
}
