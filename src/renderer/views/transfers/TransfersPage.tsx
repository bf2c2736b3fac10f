/**
 * Transfers: send collateral from one of the user's accounts (to another own account or any
 * address) through a confirmation of the exact signed op, move between own accounts quickly, and
 * the account's history of settled transfers in and out.
 */
import { useEffect } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { hrefForView } from '../../stores/navigationStore';
import { selectPerpsInfo, usePerpsStore } from '../../stores/perpsStore';
import { useTransfersStore } from '../../stores/transfersStore';
import { NoProxyNote, perpsBlocker } from '../perps/NoProxyNote';
import { PerpsAccountPicker } from '../perps/PerpsAccountPicker';
import { ProxyExpiryNote } from '../perps/ProxyExpiryNote';
import { usePerpsView } from '../perps/usePerpsAccount';
import { QuickMove } from './QuickMove';
import { SendForm } from './SendForm';
import { TransferConfirmDialog } from './TransferConfirmDialog';
import { TransferHistory } from './TransferHistory';
import { useTransferFlow } from './useTransferFlow';
import { PerpsInfoError } from '../perps/PerpsInfoError';

export function TransfersPage() {
  const { choice, setChoice, accountId, account, perps } = usePerpsView();
  const info = usePerpsStore(selectPerpsInfo);
  const setAccount = useTransfersStore((s) => s.setAccount);
  const flow = useTransferFlow();

  useEffect(() => {
    setAccount(accountId);
  }, [accountId, setAccount]);

  const blocker = account ? perpsBlocker(account, perps) : null;
  return (
    <section className="view perps-page" data-testid="view-transfers" aria-label="Transfers" data-account-id={accountId ?? ''}>
      <header className="an-header">
        <PerpsAccountPicker value={choice} onChange={setChoice} label="From account" testId="transfers-account" />
        {perps?.activeProxy ? <span className="muted num">signs with proxy {perps.activeProxy.slice(0, 10)}…</span> : null}
      </header>
      <PerpsInfoError />
      <ProxyExpiryNote perps={perps} testId="transfers-proxy-expiry" />
      {!account ? (
        <EmptyState title="No account yet" testId="transfers-empty">
          <p>
            Add or import an account in <a href={hrefForView('accounts')}>Accounts</a>, then create a perps proxy for it to send and receive collateral.
          </p>
        </EmptyState>
      ) : (
        <div className="px-body">
          <div className="px-side">
            {blocker ? (
              <NoProxyNote account={account} reason={blocker} testId="transfers-no-proxy" />
            ) : (
              <>
                <SendForm key={account.id} from={account} perps={perps} assets={info?.assets ?? []} flow={flow} disabled={info === null} />
                <QuickMove key={`quick-${account.id}`} from={account} assets={info?.assets ?? []} flow={flow} disabled={info === null} />
              </>
            )}
          </div>
          <TransferHistory canSync={blocker === null} />
        </div>
      )}
      {flow.preview ? <TransferConfirmDialog preview={flow.preview} sending={flow.sending} error={flow.sendError} result={flow.result} onSend={() => void flow.send()} onClose={flow.close} /> : null}
    </section>
  );
}
