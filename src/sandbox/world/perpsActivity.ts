/**
 * "One world" between the perps exchange and the analytics service: every settled internal
 * transfer and every faucet credit of the sandbox's perps exchange becomes activity of the
 * wallets it moved money for, so what a sandbox user does on the perps side shows in their
 * `/v2/activity` (and so in the app's Activity view) like their order-book fills do.
 *
 *   internal transfer → a TIP row for each side (the spec's "user-to-user transfer that is not a
 *                       trade-settlement leg"): OUT for the sender, IN for the recipient,
 *                       `counterparty` the other account, both sharing one transaction hash
 *   faucet credit     → a DEPOSIT row of the credited account
 * `size` and `size_usdc` are the USD value at that moment (stable coins 1:1, WETH at the ETH
 * mark), rounded to 6 decimals, like every TIP/DEPOSIT row. Market fields are null: no market.
 * TIP rows stay opt-in and DEPOSIT rows need `exclude_deposits_withdrawals=false`, as the spec says.
 */
import { keccak256, toBytes } from 'viem';
import type { ActivityRow } from '../../shared/protocol/analytics';
import { round6, type MovementSource, type WalletMovement } from '../analytics/movementSource';
import { blockAt, packKind, typeCode } from '../analytics/synthetic/history';
import { baseUnitsToNumber } from '../perps/decimalText';
import type { PerpsState } from '../perps/perpsState';
import { assetPrice } from '../perps/world/collateral';
import type { SettledTransfer } from '../perps/transferLedger';
import type { PerpsDeposit, PerpsDepositLog } from './perpsDeposits';

const NO_MARKET = -1;
const TIP_IN = packKind(typeCode('TIP'), 0, 0, NO_MARKET);
const TIP_OUT = packKind(typeCode('TIP'), 1, 0, NO_MARKET);
const DEPOSIT = packKind(typeCode('DEPOSIT'), 0, 0, NO_MARKET);

const txHash = (what: string, seed: number, id: number) => keccak256(toBytes(`marketdesk-sandbox-perps-${what}:${seed}:${id}`));

type Movement = Pick<ActivityRow, 'type' | 'side' | 'counterparty' | 'log_index' | 'transaction_hash'> & { wallet: string; kind: number; atMs: number; usd: number };

function movement(m: Movement): WalletMovement {
  const ts = Math.floor(m.atMs / 1000);
  return {
    wallet: m.wallet, atMs: m.atMs, kind: m.kind,
    row: {
      proxy_wallet: m.wallet, type: m.type, block_timestamp: ts, block_number: blockAt(ts), log_index: m.log_index,
      transaction_hash: m.transaction_hash, condition_id: null, market_id: null, event_id: null, event_slug: null, title: null,
      outcome: null, outcome_index: null, token_id: null, side: m.side, size: round6(m.usd), price: null, size_usdc: round6(m.usd),
      counterparty: m.counterparty,
    },
  };
}

export class PerpsActivitySource implements MovementSource {
  /** How many transfers (ids 1…n) and deposits have been handed out. */
  private transfersTaken = 0;
  private depositsTaken = 0;

  constructor(
    private readonly perps: Pick<PerpsState, 'seed' | 'book' | 'transfers'>,
    private readonly deposits: PerpsDepositLog,
  ) {}

  private usd(assetName: string, amount: bigint, atMs: number): number {
    const asset = this.perps.book.asset(assetName);
    return asset ? baseUnitsToNumber(amount, asset.decimals) * assetPrice(this.perps.seed, asset, atMs) : 0;
  }

  /**
   * New transfers and credits in the order they happened: a credit goes before every transfer
   * that settled after it (its `afterTransfer`), whatever the clock said.
   */
  take(): WalletMovement[] {
    const settled = this.perps.transfers.nextId() - 1;
    const transfers = settled > this.transfersTaken ? this.perps.transfers.snapshot().filter((t) => t.id > this.transfersTaken) : [];
    const deposits = this.deposits.count > this.depositsTaken ? this.deposits.since(this.depositsTaken) : [];
    this.transfersTaken = Math.max(this.transfersTaken, settled);
    this.depositsTaken += deposits.length;
    const out: WalletMovement[] = [];
    let d = 0;
    for (const t of transfers) {
      while (d < deposits.length && deposits[d]!.afterTransfer < t.id) out.push(this.deposit(deposits[d++]!));
      out.push(...this.transfer(t));
    }
    while (d < deposits.length) out.push(this.deposit(deposits[d++]!));
    return out;
  }

  private transfer(t: SettledTransfer): WalletMovement[] {
    const usd = this.usd(t.asset, t.amount, t.createdMs);
    const hash = txHash('transfer', this.perps.seed, t.id);
    const from = t.from.toLowerCase();
    const to = t.to.toLowerCase();
    return [
      movement({ wallet: from, kind: TIP_OUT, atMs: t.createdMs, usd, type: 'TIP', side: 'OUT', counterparty: to, log_index: 0, transaction_hash: hash }),
      movement({ wallet: to, kind: TIP_IN, atMs: t.createdMs, usd, type: 'TIP', side: 'IN', counterparty: from, log_index: 1, transaction_hash: hash }),
    ];
  }

  private deposit(d: PerpsDeposit): WalletMovement {
    return movement({
      wallet: d.address.toLowerCase(), kind: DEPOSIT, atMs: d.createdMs, usd: this.usd(d.asset, d.amount, d.createdMs),
      type: 'DEPOSIT', side: null, counterparty: null, log_index: 0, transaction_hash: txHash('deposit', this.perps.seed, d.id),
    });
  }
}
