/**
 * Paper USD for the active account (sandbox only). Always on screen on the sandbox, with why it
 * cannot be used yet when that is so, and its result — the credit, or the reason it failed —
 * shown whatever else the panel shows. Its first use also creates the account's order-book
 * credentials (main does it), which the ticket then says in one line.
 */
import { useState } from 'react';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { formatUsd } from '../../../lib/format';
import { selectActiveAccount, useAccountsStore } from '../../../stores/accountsStore';
import { useBalanceStore } from '../../../stores/balanceStore';
import { useOnboardingStore } from '../../../stores/onboardingStore';
import { useTradingBlock, type TradingBlock } from '../../../stores/tradingAccess';

const FAUCET_DEFAULT = '1000';

/** Why the faucet cannot credit this account now, or null when it can. */
function faucetBlock(block: TradingBlock | null): string | null {
  if (!block || block.kind === 'no_credentials') return null;
  if (block.kind === 'watch_only') return 'The faucet funds accounts with a key.';
  if (block.kind === 'locked') return 'Unlock the vault to use the faucet.';
  return 'The faucet funds your account once you have one (see above).';
}

export function SandboxFaucet() {
  const block = useTradingBlock();
  const account = useAccountsStore(selectActiveAccount);
  const receiveResult = useBalanceStore((s) => s.receiveResult);
  const faucet = useBridgeAction(api.requestSandboxFunds);
  const [amount, setAmount] = useState(FAUCET_DEFAULT);
  // The last credit, for the account it went to: another account's credit is not shown here.
  const [credited, setCredited] = useState<{ accountId: string; text: string } | null>(null);
  const unavailable = faucetBlock(block);

  const fund = async () => {
    if (!account) return;
    const hadCredentials = account.clobCredentials !== null;
    const asked = amount.trim();
    setCredited(null);
    const result = await faucet.run({ amount: asked });
    receiveResult(result);
    if (!result?.ok) return;
    setCredited({ accountId: account.id, text: `Added $${formatUsd(asked)} paper USD to “${account.label}”.` });
    if (!hadCredentials) useOnboardingStore.getState().noteCreated(account.id, account.label);
  };

  return (
    <form
      className="faucet"
      onSubmit={(event) => {
        event.preventDefault();
        void fund();
      }}
      data-testid="faucet"
    >
      <label className="inline-field">
        <span className="muted">Paper $</span>
        <input className="input input-narrow num" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={unavailable !== null} data-testid="faucet-amount" />
      </label>
      <button type="submit" className="button button-small" disabled={unavailable !== null || faucet.pending || amount.trim() === ''} data-testid="faucet-submit">
        {faucet.pending ? 'Funding…' : 'Get paper USD'}
      </button>
      <span className="muted faucet-note">Sandbox only</span>
      {unavailable ? (
        <span className="muted faucet-reason" data-testid="faucet-unavailable">
          {unavailable}
        </span>
      ) : null}
      {credited && credited.accountId === account?.id && !faucet.pending ? (
        <span className="success-note faucet-result" role="status" data-testid="faucet-result">
          {credited.text}
        </span>
      ) : null}
      <ActionError error={faucet.error} testId="faucet-error" purpose="Unlock the vault to use the faucet." />
    </form>
  );
}
