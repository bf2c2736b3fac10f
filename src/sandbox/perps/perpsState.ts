/**
 * Everything the perps routes share for one sandbox run: identity, ledger (accounts and
 * referral codes), proxies, salts, paper balances and positions, settled transfers, the world's
 * collateral assets and the clock (injectable, so tests step time).
 */
import type { Hex } from 'viem';
import type { PerpsExchangeInfo } from '../../signing/perpsOperations';
import type { World } from '../world/types';
import { AccountBook, type BookAccount } from './accountBook';
import { PerpsLedger, type PerpsAccount } from './ledger';
import { ProxyStore } from './proxyStore';
import { SaltRegistry } from './saltRegistry';
import { TransferLedger } from './transferLedger';
import { collateralAssets } from './world/collateral';
import { PerpsDepositLog } from '../world/perpsDeposits';

export const PERPS_EXCHANGE_NAME = 'Marketdesk Sandbox Perps';
export const PERPS_DOMAIN_VERSION = '1';
/**
 * The sandbox perps exchange's verifying contract, the same for every seed: the client pins the
 * sandbox network's signing domain as constants (src/main/core/network.ts) and refuses to sign
 * under any other. The value is the one seed 7 once derived, so saved sandbox state keeps working.
 */
export const PERPS_CONTRACT: Hex = '0x41042BaFE8238355C51a55cDE29C5F25aB0678D0';
export const DEFAULT_FUNDING_INTERVAL_MS = 3_600_000;

export interface PerpsState {
  /** The EIP-712 domain of signed ops, exactly what `GET /v1/info/exchange` serves. */
  info: PerpsExchangeInfo;
  seed: number;
  ledger: PerpsLedger;
  proxies: ProxyStore;
  salts: SaltRegistry;
  book: AccountBook;
  transfers: TransferLedger;
  /** Faucet credits, one record each: the analytics feed shows them as deposits (world/perpsActivity.ts). */
  deposits: PerpsDepositLog;
  now: () => number;
}

export interface PerpsStateOptions {
  chainId: number;
  now?: () => number;
  fundingIntervalMs?: number;
}

export function createPerpsState(world: World, options: PerpsStateOptions): PerpsState {
  return {
    info: { name: PERPS_EXCHANGE_NAME, version: PERPS_DOMAIN_VERSION, chain_id: options.chainId, contract: PERPS_CONTRACT },
    seed: world.seed,
    ledger: new PerpsLedger(world.referralCodes),
    proxies: new ProxyStore(),
    salts: new SaltRegistry(),
    book: new AccountBook(world.seed, collateralAssets(world.collateralAddress), options.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS),
    transfers: new TransferLedger(),
    deposits: new PerpsDepositLog(),
    now: options.now ?? Date.now,
  };
}

/** Opens the account in the ledger and the book (no-op when open) and settles its funding. */
export function openAccount(state: PerpsState, address: Hex, nowMs: number): { account: PerpsAccount; book: BookAccount } {
  const account = state.ledger.openAccount(address, nowMs);
  const book = state.book.open(address, nowMs);
  state.book.settle(book, nowMs);
  return { account, book };
}
