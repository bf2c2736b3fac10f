/** The right-hand order entry: the single-order ticket or the quote grid, and the shortcuts help. */
import { useState } from 'react';
import type { OrderBookView } from '../../../../shared/viewModels';
import { selectActiveAccountId, useAccountsStore } from '../../../stores/accountsStore';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { useSandboxCredentials } from '../onboarding/useSandboxCredentials';
import { OrderTicket } from './OrderTicket';
import { QuoteGrid } from './QuoteGrid';
import { NetworkBadge } from '../../../components/NetworkBadge';
import { ShortcutsHelp } from './ShortcutsHelp';

type Tab = 'order' | 'grid';

export function TicketPanel({ target, book }: { target: TradeTarget; book: OrderBookView | undefined }) {
  const [tab, setTab] = useState<Tab>('order');
  // Keyed by account: another account's last answer or pending confirmation must not carry over.
  const accountId = useAccountsStore(selectActiveAccountId) ?? 'none';
  // On the sandbox an account with a key gets its order-book credentials here, without a detour.
  useSandboxCredentials();
  return (
    <section className="trade-card ticket-panel" aria-label="Order entry">
      <header className="trade-card-header">
        <div className="tabs tabs-inline" role="tablist" aria-label="Order entry">
          <button type="button" role="tab" className="tab" aria-selected={tab === 'order'} onClick={() => setTab('order')} data-testid="ticket-tab-order">
            Order
          </button>
          <button type="button" role="tab" className="tab" aria-selected={tab === 'grid'} onClick={() => setTab('grid')} data-testid="ticket-tab-grid">
            Quote grid
          </button>
        </div>
        <span className="ticket-network">
          <NetworkBadge testId="ticket-network-badge" size="small" />
        </span>
        <ShortcutsHelp />
      </header>
      {/* Both stay mounted: switching tabs must not lose a half-typed ticket. */}
      <div hidden={tab !== 'order'}>
        <OrderTicket key={accountId} target={target} book={book} />
      </div>
      <div hidden={tab !== 'grid'}>
        <QuoteGrid key={accountId} target={target} book={book} />
      </div>
    </section>
  );
}
