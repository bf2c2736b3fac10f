/**
 * Referrals per account: the account's code, children, referrals left, fee-share rate, parent and
 * the last invite answer (cooldown). Read when the Referrals view shows an account and again when
 * `perpsChanged` says a referral changed; invite and apply answer with the fresh view.
 */
import { create } from 'zustand';
import type { PerpsReferralView } from '../../shared/perpsViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface ReferralsState {
  byAccount: Readonly<Record<string, PerpsReferralView>>;
  errors: Readonly<Record<string, BridgeError>>;
  loading: Readonly<Record<string, boolean>>;
  load: (accountId: string) => Promise<void>;
  receive: (view: PerpsReferralView) => void;
}

export const useReferralsStore = create<ReferralsState>()((set) => ({
  byAccount: {},
  errors: {},
  loading: {},
  load: async (accountId) => {
    set((s) => ({ loading: { ...s.loading, [accountId]: true } }));
    const result = await api.getPerpsReferral({ accountId });
    set((s) => {
      const errors = { ...s.errors };
      if (result.ok) delete errors[accountId];
      else errors[accountId] = result.error;
      return {
        loading: { ...s.loading, [accountId]: false },
        errors,
        byAccount: result.ok ? { ...s.byAccount, [accountId]: keepInvite(s.byAccount[accountId], result.value) } : s.byAccount,
      };
    });
  },
  receive: (view) =>
    set((s) => {
      const errors = { ...s.errors };
      delete errors[view.accountId];
      return { byAccount: { ...s.byAccount, [view.accountId]: keepInvite(s.byAccount[view.accountId], view) }, errors };
    }),
}));

/** A read without an invite answer keeps the one this session already had (its cooldown). */
function keepInvite(held: PerpsReferralView | undefined, next: PerpsReferralView): PerpsReferralView {
  return next.invite === null && held?.invite ? { ...next, invite: held.invite } : next;
}

/** `perpsChanged` (referral) for an account: read again if this window has shown it. */
export function receiveReferralChanged(accountId: string): void {
  const state = useReferralsStore.getState();
  if (accountId in state.byAccount || accountId in state.errors) void state.load(accountId);
}

export const selectReferral =
  (accountId: string | null) =>
  (s: ReferralsState): PerpsReferralView | null =>
    accountId ? (s.byAccount[accountId] ?? null) : null;
export const selectReferralError =
  (accountId: string | null) =>
  (s: ReferralsState): BridgeError | null =>
    accountId ? (s.errors[accountId] ?? null) : null;
