/**
 * Ledger accounts of the perps exchange and their referral codes, in memory.
 *
 * - An account is opened for an owner the first time one of its proxies is created.
 * - Valid referral codes are the world's house codes (no owner, no limit) and every account's
 *   invite code once it exists. An account's invite code is created on first need (the referral
 *   read now, the invite route later), derived from its address so it is stable across runs,
 *   and allows REFERRALS_PER_CODE referrals in the code's lifetime and at most REFERRALS_PER_DAY
 *   in any rolling 24 h (`referral_cooldown` beyond that); house codes have neither limit.
 * - Codes match case-insensitively and are stored upper-case. A code applies only to an account
 *   without a parent; later codes are validated but do not change the parent.
 * - With a sandbox state file, accounts and invite codes outlive the run (perpsAccountsState.ts
 *   saves them after each `onChange`); the house codes come from the world and are not saved.
 */
import { keccak256, toBytes, type Hex } from 'viem';
import type { PerpsErrorId } from '../../shared/protocol/perps';
import { PERPS_ERRORS } from './perpsErrors';

export const REFERRALS_PER_CODE = 10;
export const REFERRALS_PER_DAY = 3;
export const REFERRAL_RATE_WINDOW_MS = 86_400_000;
export const FEE_SHARE_RATE = '0.2';

export interface PerpsAccount {
  /** Checksummed owner address. */
  address: Hex;
  createdAtMs: number;
  inviteCode?: string;
  parentCode?: string;
  childrenCount: number;
}

export interface ReferralCode {
  code: string;
  /** Lower-case owning account, or null for a house code. */
  owner: string | null;
  /** Referrals still allowed; null for no limit. */
  left: number | null;
  /** When the code's most recent referrals were taken (the last REFERRALS_PER_DAY, oldest first). */
  usedAtMs?: number[];
}

/** The invite response's counters (see the invite route). */
export interface InviteStatus {
  referrals_available: number;
  cooldown_ms: number | null;
}

/** The spec's account referral object (`parent` omitted when the account has none). */
export interface AccountReferral {
  code: string;
  children_count: number;
  referrals_left: number;
  fee_share_rate: string;
  parent?: string;
}

export type ReferralVerdict = { ok: true; code: string } | { ok: false; error: PerpsErrorId };

export class PerpsLedger {
  private readonly accounts = new Map<string, PerpsAccount>();
  private readonly codes = new Map<string, ReferralCode>();

  /** Runs after every change: an account opened, a referral applied, an invite code created. */
  onChange: () => void = () => {};

  constructor(houseCodes: readonly string[]) {
    for (const code of houseCodes) this.codes.set(code.toUpperCase(), { code: code.toUpperCase(), owner: null, left: null });
  }

  account(address: string): PerpsAccount | undefined {
    return this.accounts.get(address.toLowerCase());
  }

  openAccount(address: Hex, nowMs: number): PerpsAccount {
    const existing = this.account(address);
    if (existing) return existing;
    const account: PerpsAccount = { address, createdAtMs: nowMs, childrenCount: 0 };
    this.accounts.set(address.toLowerCase(), account);
    this.onChange();
    return account;
  }

  /**
   * Whether `code` may be given by `address` (checked before anything changes). An account that
   * already has a parent passes (proxy creation validates the code and changes nothing); the
   * apply route refuses that case itself with `referral_already_set`.
   */
  checkReferral(code: string, address: string, nowMs: number): ReferralVerdict {
    const entry = this.codes.get(code.toUpperCase());
    if (!entry || entry.owner === address.toLowerCase()) return { ok: false, error: PERPS_ERRORS.invalidReferralCode };
    if (this.account(address)?.parentCode !== undefined) return { ok: true, code: entry.code };
    if (entry.left === 0) return { ok: false, error: PERPS_ERRORS.referralLimitReached };
    if (cooldownOf(entry, nowMs) > 0) return { ok: false, error: PERPS_ERRORS.referralCooldown };
    return { ok: true, code: entry.code };
  }

  /** Makes `code` the account's parent if it has none yet; the code was checked. */
  applyReferral(account: PerpsAccount, code: string, nowMs: number): void {
    const entry = this.codes.get(code.toUpperCase());
    if (!entry || account.parentCode !== undefined) return;
    account.parentCode = entry.code;
    if (entry.left !== null) {
      entry.left -= 1;
      entry.usedAtMs = [...(entry.usedAtMs ?? []), nowMs].slice(-REFERRALS_PER_DAY);
    }
    if (entry.owner) {
      const parent = this.accounts.get(entry.owner);
      if (parent) parent.childrenCount += 1;
    }
    this.onChange();
  }

  /** The account's invite code, created on first call. */
  inviteCodeOf(account: PerpsAccount): string {
    if (account.inviteCode) return account.inviteCode;
    const hash = keccak256(toBytes(account.address.toLowerCase())).slice(2).toUpperCase();
    let code = `MD${hash.slice(0, 8)}`;
    for (let i = 1; this.codes.has(code); i += 1) code = `MD${hash.slice(0, 8)}${i}`;
    this.codes.set(code, { code, owner: account.address.toLowerCase(), left: REFERRALS_PER_CODE });
    account.inviteCode = code;
    this.onChange();
    return code;
  }

  /** The invite response's counters of the account's code (created on first call). */
  inviteStatusOf(account: PerpsAccount, nowMs: number): InviteStatus & { code: string } {
    const code = this.inviteCodeOf(account);
    const entry = this.codes.get(code);
    const left = entry?.left ?? 0;
    return { code, referrals_available: left, cooldown_ms: left === 0 || !entry ? null : cooldownOf(entry, nowMs) };
  }

  referralOf(account: PerpsAccount): AccountReferral {
    const code = this.inviteCodeOf(account);
    const referral: AccountReferral = {
      code,
      children_count: account.childrenCount,
      referrals_left: this.codes.get(code)?.left ?? 0,
      fee_share_rate: FEE_SHARE_RATE,
    };
    if (account.parentCode !== undefined) referral.parent = account.parentCode;
    return referral;
  }

  /** Copies of every account and of the accounts' invite codes (house codes are the world's). */
  snapshot(): { accounts: PerpsAccount[]; codes: ReferralCode[] } {
    return {
      accounts: [...this.accounts.values()].map((a) => ({ ...a })),
      codes: [...this.codes.values()].filter((c) => c.owner !== null).map((c) => ({ ...c, ...(c.usedAtMs && { usedAtMs: [...c.usedAtMs] }) })),
    };
  }

  /** Replaces the accounts and invite codes (house codes stay); the caller checked consistency. */
  restore(accounts: readonly PerpsAccount[], codes: readonly ReferralCode[]): void {
    this.accounts.clear();
    for (const [key, entry] of this.codes) if (entry.owner !== null) this.codes.delete(key);
    for (const account of accounts) this.accounts.set(account.address.toLowerCase(), { ...account });
    for (const code of codes) this.codes.set(code.code, { ...code });
  }
}

/** Milliseconds until the code may take a referral under the rolling-24 h rate (0: now). */
function cooldownOf(entry: ReferralCode, nowMs: number): number {
  if (entry.left === null) return 0;
  const recent = (entry.usedAtMs ?? []).filter((t) => t > nowMs - REFERRAL_RATE_WINDOW_MS);
  if (recent.length < REFERRALS_PER_DAY) return 0;
  const oldest = recent[recent.length - REFERRALS_PER_DAY] as number;
  return Math.max(1, oldest + REFERRAL_RATE_WINDOW_MS - nowMs);
}
