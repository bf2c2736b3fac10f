/**
 * The perps faucet's credits in the sandbox state file (section `perpsDeposits`, see
 * state/stateStore.ts; a file without it starts with none, so older files still load):
 *   "perpsDeposits": [ { "id": 1, "address": "0x…", "asset": "USDC", "amount": "base units", "createdMs": 1764…, "afterTransfer": 0 } ]
 * Ids must run 1, 2, … without a gap: the analytics feed numbers its rows from them.
 */
import type { StateSection } from '../state/stateStore';
import { asArray, asObject, readAddress, readCount, readString, StateFormatError } from '../state/stateFields';
import type { PerpsDeposit, PerpsDepositLog } from './perpsDeposits';

const PERPS_DEPOSITS_SECTION = 'perpsDeposits';
const BASE_UNITS = /^[1-9]\d{0,39}$/;
const ASSET_NAME = /^[A-Z0-9]{1,16}$/;

export function decodePerpsDeposits(stored: unknown): PerpsDeposit[] {
  return asArray(stored, PERPS_DEPOSITS_SECTION).map((item, i) => {
    const at = `${PERPS_DEPOSITS_SECTION}[${i}]`;
    const record = asObject(item, at);
    const id = readCount(record, 'id', at);
    if (id !== i + 1) throw new StateFormatError(`${at}.id must be ${i + 1} (ids run 1, 2, … in order)`);
    return {
      id,
      address: readAddress(record, 'address', at),
      asset: readString(record, 'asset', at, ASSET_NAME),
      amount: BigInt(readString(record, 'amount', at, BASE_UNITS)),
      createdMs: readCount(record, 'createdMs', at),
      afterTransfer: readCount(record, 'afterTransfer', at),
    };
  });
}

export function perpsDepositsSection(log: PerpsDepositLog): StateSection {
  return {
    key: PERPS_DEPOSITS_SECTION,
    encode: () => log.snapshot().map((d) => ({ ...d, amount: d.amount.toString() })),
    decode: (stored) => {
      const deposits = decodePerpsDeposits(stored);
      return () => log.restore(deposits);
    },
    watch: (changed) => {
      log.onChange = changed;
    },
  };
}
