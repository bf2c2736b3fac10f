/** Reads a wallet's walked activity straight from the history store's SQLite file, for walk tests. */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { HISTORY_FILE_NAME } from '../../../src/main/core/history/historyDatabase';

/** The store's rows of a wallet as `ts:seq` keys, newest first. */
export function storedKeysDescending(dataDir: string, address: string): string[] {
  const db = new DatabaseSync(join(dataDir, HISTORY_FILE_NAME), { readOnly: true });
  try {
    const rows = db
      .prepare('SELECT ts, seq FROM activity WHERE wallet_id = (SELECT id FROM wallets WHERE address = ?) ORDER BY ts DESC, seq DESC')
      .all(address.toLowerCase()) as Array<{ ts: number; seq: number }>;
    return rows.map((r) => `${r.ts}:${r.seq}`);
  } finally {
    db.close();
  }
}
