/**
 * Activity: one wallet's history from the local store (filter, sort, sync, export), its combo
 * activity and its approvals. The wallet is the active account (following the switcher), another
 * account, or any looked-up address. An account's history is its funder's when it has one (the
 * proxy or safe that trades), else its own address's.
 */
import { useEffect, useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import { EmptyState } from '../../components/EmptyState';
import { InlineError } from '../../components/InlineError';
import { WalletPicker } from '../../components/WalletPicker';
import { selectAccounts, selectActiveAccountId, useAccountsStore } from '../../stores/accountsStore';
import { retryActivity, useActivityStore, type HistoryChoice } from '../../stores/activityStore';
import { useComboFilterStore } from '../../stores/comboFilterStore';
import { hrefForView } from '../../stores/navigationStore';
import { ActivityFilters } from './ActivityFilters';
import { ActivityTable } from './ActivityTable';
import { ApprovalsTab } from './ApprovalsTab';
import { ComboActivityTab } from './ComboActivityTab';
import { ExportPanel } from './ExportPanel';
import { SyncStatus } from './SyncStatus';
import { formatNumber } from '../../lib/format';

type Tab = 'history' | 'combos' | 'approvals';

export const historyAddressOf = (account: AccountView): string => (account.funder ?? account.address).toLowerCase();

function addressFor(choice: HistoryChoice, accounts: AccountView[], activeAccountId: string | null): string | null {
  if (choice.kind === 'address') return choice.address.toLowerCase();
  const id = choice.kind === 'active' ? activeAccountId : choice.accountId;
  const account = accounts.find((a) => a.id === id);
  return account ? historyAddressOf(account) : null;
}

export function ActivityPage() {
  const choice = useActivityStore((s) => s.choice);
  const choose = useActivityStore((s) => s.choose);
  const setAddress = useActivityStore((s) => s.setAddress);
  const error = useActivityStore((s) => s.error);
  const total = useActivityStore((s) => s.total);
  const sync = useActivityStore((s) => s.sync);
  const accounts = useAccountsStore(selectAccounts);
  const activeAccountId = useAccountsStore(selectActiveAccountId);
  const address = addressFor(choice, accounts, activeAccountId);
  const [tab, setTab] = useState<Tab>('history');
  const [tabFilter, setTabFilter] = useState('');

  useEffect(() => {
    setAddress(address);
  }, [address, setAddress]);
  // A combo position (Portfolio) asked for its combo's steps.
  const comboTabRequested = useComboFilterStore((s) => s.tabRequested);
  useEffect(() => {
    if (!comboTabRequested) return;
    setTab('combos');
    useComboFilterStore.getState().tabShown();
  }, [comboTabRequested]);

  const emptyHistory = sync && sync.rows === 0 ? 'Nothing stored for this wallet yet: Sync reads its history from the analytics service.' : 'No activity matches these filters.';
  const tabs: Array<[Tab, string]> = [
    ['history', `History${total === null ? '' : ` (${formatNumber(total)})`}`],
    ['combos', 'Combos'],
    ['approvals', 'Approvals'],
  ];

  return (
    <section className="view activity-view" data-testid="view-activity" aria-label="Activity">
      <header className="an-header">
        <WalletPicker choice={choice} onChoose={(next) => (next.kind === 'all' ? undefined : choose(next))} allowAll={false} testId="activity-wallet" />
        {address ? <SyncStatus /> : null}
      </header>
      {address === null ? (
        <EmptyState title="No account yet" testId="activity-empty">
          <p>
            Add or import an account in <a href={hrefForView('accounts')}>Accounts</a> to see its history, or look up any address above (read-only).
          </p>
        </EmptyState>
      ) : (
        <section className="an-card act-body" aria-label="History" data-address={address}>
          <div className="an-toolbar">
            <div className="tabs an-tabs" role="tablist">
              {tabs.map(([id, label]) => (
                <button key={id} type="button" role="tab" className="tab" aria-selected={tab === id} onClick={() => setTab(id)} data-testid={`activity-view-tab-${id}`}>
                  {label}
                </button>
              ))}
            </div>
            {tab === 'history' ? <ExportPanel /> : <input className="input an-filter" placeholder="Filter these rows" value={tabFilter} onChange={(e) => setTabFilter(e.target.value)} data-testid="activity-tab-filter" />}
          </div>
          {/* Kept mounted on the other tabs, so the filter the user set survives a look at combos. */}
          <div className="act-filter-host" hidden={tab !== 'history'}>
            <ActivityFilters />
          </div>
          {tab === 'history' ? (
            <>
              {error ? <InlineError what="Could not read the history from the local store" error={error} onRetry={retryActivity} /> : null}
              <ActivityTable empty={total === null ? 'Reading the local store…' : emptyHistory} />
            </>
          ) : tab === 'combos' ? (
            <ComboActivityTab address={address} filter={tabFilter} />
          ) : (
            <ApprovalsTab address={address} filter={tabFilter} />
          )}
        </section>
      )}
    </section>
  );
}
