/**
 * Ends an exchange mode the client learned from an answer (restarting, trading disabled,
 * cancel-only, post-only, and the account's closed-only or banned restriction) once the exchange
 * is back, without waiting for a user's order: the ticket refuses orders locally in those modes,
 * so no order would ever prove the mode over.
 *
 * The spec has no route that tells the mode, so the probe is an order the exchange refuses
 * whatever its mode: a well-formed order signed by a throwaway key, whose `owner` is not the API
 * key that sends it. Every mode gate answers before the owner check (425 restarting, 503 for the
 * modes, then the per-address 400s), so the same 425/503/400 means the mode holds, and the owner
 * refusal (400) means orders get past the gates again: the mode is cleared. The order can never rest or fill (wrong owner,
 * unknown signer), and it is a non-post-only order, so post-only mode also answers it with its
 * 503. Probes back off with jitter (1 s doubling to 30 s) and stop as soon as the mode is normal.
 */
import type { Hex } from 'viem';
import { getAddress } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { SIGNATURE_TYPE_CODES } from '../../../shared/orders/orderSchema';
import { buildSignedOrder, toPostOrderBody } from '../../../signing/buildOrder';
import type { ExchangeContracts } from '../../../shared/orders/orderSchema';
import type { StoredAccount } from '../accounts/accountRegistry';
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import { backoffDelay, type BackoffPolicy, type LoopClock } from '../status/backoff';
import type { AuthenticatedClob } from './authenticatedClob';
import { restrictionOf, type ExchangeModeTracker } from './exchangeModeTracker';
import { signerWindows } from './signerBudgets';

export const MODE_PROBE_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 30_000 };

/** No API key is this: the exchange refuses the probe for its owner once past the mode gates. */
const PROBE_OWNER = '00000000-0000-4000-8000-00000000dead';

export interface ModeProbeOptions {
  clob: AuthenticatedClob;
  modes: ExchangeModeTracker;
  clock: LoopClock;
  log: Logger;
  /** The account whose credentials send the probe, or null when none can (then no probe). */
  account: () => StoredAccount | null;
  contracts: () => ExchangeContracts;
  orderVersion: () => Promise<1 | 2>;
  policy?: BackoffPolicy;
}

export type ProbeVerdict = 'cleared' | 'holds' | 'unknown';

export class ModeProbe {
  private running = false;
  private readonly stopper = new AbortController();
  private readonly throwawayKey = generatePrivateKey();
  /** Probes sent since start (tests bound the number a recovery takes). */
  sent = 0;

  constructor(private readonly options: ModeProbeOptions) {}

  /** Starts probing when the tracker holds a mode and no probe loop runs. */
  kick(): void {
    if (this.running || this.stopper.signal.aborted || !this.restricted()) return;
    this.running = true;
    void this.run().finally(() => {
      this.running = false;
    });
  }

  stop(): void {
    this.stopper.abort();
  }

  /** One probe now: what the exchange's answer says about the mode and the account's restriction. */
  async probeOnce(): Promise<ProbeVerdict> {
    const account = this.options.account();
    if (!account) return 'unknown';
    const bodyText = await this.probeBody(account);
    this.sent += 1;
    try {
      // It counts in the signer's order bucket like any order: the exchange counts it there.
      await this.options.clob.request(account, { method: 'POST', path: '/order', bodyText, extraWindows: signerWindows(account.address, 'orders') });
    } catch (error) {
      // 425, the mode 503s and the restriction 400s were recorded by AuthenticatedClob (the tracker keeps them).
      if (error instanceof CoreError && (error.status === 425 || error.status === 503)) return 'holds';
      if (error instanceof CoreError && restrictionOf(error) !== null) {
        this.options.modes.recordModeOver();
        return 'holds';
      }
      if (!(error instanceof CoreError) || error.status === undefined || error.status >= 500) return 'unknown';
    }
    // A 4xx on the order itself (or, against all odds, an acceptance): the gates let it through.
    this.options.modes.recordModeOver();
    this.options.modes.restrict(account.address, 'none');
    return 'cleared';
  }

  private restricted(): boolean {
    const snapshot = this.options.modes.snapshot(this.options.account()?.address ?? null);
    return snapshot.mode !== 'normal' || snapshot.closedOnly || snapshot.banned;
  }

  private async run(): Promise<void> {
    const { clock, policy = MODE_PROBE_BACKOFF } = this.options;
    const signal = this.stopper.signal;
    for (let attempt = 0; !signal.aborted && this.restricted(); attempt++) {
      await clock.sleep(backoffDelay(attempt, policy, clock.random), signal);
      if (signal.aborted || !this.restricted()) return;
      const verdict = await this.probeOnce().catch((error: unknown) => {
        this.options.log.warn(`exchange mode probe failed: ${error instanceof Error ? error.message : 'unknown'}`);
        return 'unknown' as const;
      });
      if (verdict === 'cleared') return;
    }
  }

  /**
   * The probe order names the account as maker and signer, so the exchange's per-address gates
   * (closed-only, banned) judge it, but it is signed by the throwaway key and owned by no API key:
   * it cannot pass the owner check, and its signature does not recover to the account.
   */
  private async probeBody(account: StoredAccount): Promise<string> {
    const signer = getAddress(account.address) as Hex;
    const maker = getAddress(account.funder ?? account.address) as Hex;
    const order = buildSignedOrder({
      version: await this.options.orderVersion(),
      contracts: this.options.contracts(),
      negRisk: false,
      tickSize: '0.01',
      tokenId: '1',
      side: 'BUY',
      price: '0.01',
      size: '5',
      orderType: 'GTC',
      maker,
      signer,
      signatureType: maker === signer ? 0 : SIGNATURE_TYPE_CODES[account.signatureType],
      privateKey: Buffer.from(this.throwawayKey.slice(2), 'hex'),
    });
    return toPostOrderBody(order.json, PROBE_OWNER, 'GTC', false);
  }
}
