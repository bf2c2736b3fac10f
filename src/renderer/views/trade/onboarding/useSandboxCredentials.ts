/**
 * On the sandbox, order-book credentials are a formality (no approval, no fee), so an account
 * with a key gets them the first time the Trade view needs them — once per account and
 * session; a failure is left for the ticket's inline button to retry. Elsewhere creating them
 * stays the user's click (CredentialsStep).
 */
import { useEffect } from 'react';
import { selectActiveAccount, useAccountsStore } from '../../../stores/accountsStore';
import { useAppStatusStore } from '../../../stores/appStatusStore';
import { useOnboardingStore } from '../../../stores/onboardingStore';
import { useTradingBlock } from '../../../stores/tradingAccess';

export function useSandboxCredentials(): void {
  const isSandbox = useAppStatusStore((s) => s.status?.network.isSandbox ?? false);
  const block = useTradingBlock();
  const account = useAccountsStore(selectActiveAccount);
  const step = useOnboardingStore((s) => (account ? s.steps[account.id] : undefined));
  const needed = isSandbox && block?.kind === 'no_credentials' && account !== null && step === undefined;
  useEffect(() => {
    if (!needed || !account) return;
    void useOnboardingStore.getState().createCredentials(account.id, account.label, true);
  }, [needed, account]);
}
