/** Below the chart: open orders, the account's trades and fill notifications, one tab each. */
import { useState } from 'react';
import { selectFills, useFillsStore } from '../../../stores/fillsStore';
import { selectOpenOrders, useOpenOrdersStore } from '../../../stores/openOrdersStore';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { AccountTradesPanel } from './AccountTradesPanel';
import { FillsPanel } from './FillsPanel';
import { OpenOrdersPanel } from './OpenOrdersPanel';
import { formatNumber } from '../../../lib/format';

type Tab = 'orders' | 'trades' | 'fills';

export function ActivityTabs({ target }: { target: TradeTarget }) {
  const [tab, setTab] = useState<Tab>('orders');
  const openCount = useOpenOrdersStore((s) => selectOpenOrders(s).length);
  const fillCount = useFillsStore((s) => selectFills(s).length);
  const tabs: Array<[Tab, string]> = [
    ['orders', `Open orders (${formatNumber(openCount)})`],
    ['trades', 'Trades'],
    ['fills', `Fills (${formatNumber(fillCount)})`
],
  ];
  return (
    <section className="activity" aria-label="Orders and trades">
      <div className="tabs activity-tabs" role="tablist">
        {tabs.map(([id, label]) => (
          <button key={id} type="button" role="tab" className="tab" aria-selected={tab === id} onClick={() => setTab(id)} data-testid={`activity-tab-${id}`}>
            {label}
          </button>
        ))}
      </div>
      {tab === 'orders' ? <OpenOrdersPanel target={target} /> : null}
      {tab === 'trades' ? <AccountTradesPanel target={target} /> : null}
      {tab === 'fills' ? <FillsPanel target={target} /> : null}
    </section>
  );
}
