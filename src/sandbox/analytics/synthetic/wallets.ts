/**
 * The synthetic wallets: fixed addresses (the same on every seed, so apps, tests and docs can
 * name them) whose three years of history the seed fills in. `large` carries the quarter-million
 * row history the walk and store benchmarks need: more than 250,000 rows even with the default
 * filters (no tips, deposits or withdrawals) and the default three-year window.
 */
export interface HistoryWalletSpec {
  address: string;
  /** Synthetic activity rows (every type, deposits and tips included). */
  rows: number;
  /** Combo lifecycle rows on `/v2/activity/combos`. */
  comboRows: number;
  label: string;
}

export const SANDBOX_HISTORY_WALLETS = {
  large: { address: '0x5a4d00000000000000000000000000000000a001', rows: 327_680, comboRows: 4_000, label: 'whale' },
  medium: { address: '0x5a4d00000000000000000000000000000000a002', rows: 20_000, comboRows: 600, label: 'regular' },
  small: { address: '0x5a4d00000000000000000000000000000000a003', rows: 2_400, comboRows: 120, label: 'casual' },
  tiny: { address: '0x5a4d00000000000000000000000000000000a004', rows: 300, comboRows: 24, label: 'newcomer' },
} as const satisfies Record<string, HistoryWalletSpec>;

export const HISTORY_WALLET_LIST: readonly HistoryWalletSpec[] = Object.values(SANDBOX_HISTORY_WALLETS);

export function historyWallet(address: string): HistoryWalletSpec | undefined {
  return HISTORY_WALLET_LIST.find((w) => w.address === address);
}

/** Display names of the synthetic wallets on the boards. */
export const USER_NAMES = ['atlas', 'brightwater', 'cobalt', 'delta-nine', 'ember', 'fjord', 'granite', 'harbor'];
