/**
 * The whole quarter-million-row wallet synced by the core's history sync, clean and under 5%
 * injected faults of every kind (issue 10, "Chaos"), in one run: rows per second of each, their
 * ratio, the restarts the faulted sync needed (each resumes from its saved cursor), the faults
 * met, and whether the two stores hold the same rows in the same order. The test in
 * test/integration/chaos/ walks a 100,000-row window; this is the long variant. It measures;
 * it asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createCore } from '../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../src/main/core/custody';
import { HISTORY_FILE_NAME } from '../src/main/core/history/historyDatabase';
import { silentLogger } from '../src/main/core/log';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../src/sandbox/start';
import { ANALYTICS_FAULT_KINDS, clearFaultRules, faultEveryKind, injectedByKind } from '../test/integration/chaos/faultRules';
import type { Bench, BenchRow } from './harness';

const { address, rows: WALLET_ROWS } = SANDBOX_HISTORY_WALLETS.large;
const MAX_RESTARTS = 500;

async function syncAll(sandbox: RunningSandbox): Promise<{ seconds: number; restarts: number; keys: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-chaos-bench-'));
  const core = await createCore({
    dataDir, serviceUrls: { ...sandbox.urls, label: 'Sandbox', isSandbox: true }, log: silentLogger, osKeyStore: createMemoryOsKeyStore(),
  });
  const started = performance.now();
  let restarts = 0;
  try {
    for (; restarts <= MAX_RESTARTS; restarts++) {
      const result = await core.dispatch('syncActivityHistory', { address, jobId: `bench-${restarts}` }, { clientId: 'bench' });
      if (result.ok) break;
    }
  } finally {
    await core.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const db = new DatabaseSync(join(dataDir, HISTORY_FILE_NAME), { readOnly: true });
  const keys = (db.prepare('SELECT ts, seq FROM activity ORDER BY ts DESC, seq DESC').all() as Array<{ ts: number; seq: number }>).map((r) => `${r.ts}:${r.seq}`);
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { seconds, restarts, keys };
}

const bench: Bench = async () => {
  const sandbox = await startSandbox({ seed: 7, simulate: false });
  try {
    const clean = await syncAll(sandbox);
    await faultEveryKind(sandbox, { service: 'analytics', pathPattern: '/v2/activity' }, 0.05, ANALYTICS_FAULT_KINDS);
    const faulted = await syncAll(sandbox);
    const byKind = injectedByKind(sandbox.faultStats());
    await clearFaultRules(sandbox);
    const identical = clean.keys.length === WALLET_ROWS && JSON.stringify(clean.keys) === JSON.stringify(faulted.keys);
    const rows: BenchRow[] = [
      { bench: 'chaosWalk', metric: 'clean sync', value: WALLET_ROWS / clean.seconds, unit: 'rows/s' },
      { bench: 'chaosWalk', metric: 'sync under 5% faults', value: WALLET_ROWS / faulted.seconds, unit: 'rows/s' },
      { bench: 'chaosWalk', metric: 'faulted / clean', value: clean.seconds / faulted.seconds, unit: 'x' },
      { bench: 'chaosWalk', metric: 'restarts under faults', value: faulted.restarts, unit: 'syncs' },
    ];
    return {
      rows,
      summary: [
        `chaos walk: ${WALLET_ROWS} rows clean in ${clean.seconds.toFixed(1)} s, under 5% faults in ${faulted.seconds.toFixed(1)} s ` +
          `(${faulted.restarts} restarts; faults ${JSON.stringify(byKind)}); stores identical: ${identical ? 'yes' : 'NO'}`,
      ],
    };
  } finally {
    await sandbox.stop();
  }
};

export default bench;
