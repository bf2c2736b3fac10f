/** The wallet's token approvals: which contracts may move which tokens, and how much. */
import { useCallback, useEffect, useState } from 'react';
import type { ApprovalView } from '../../../shared/portfolioViews';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { shortAddress } from '../../lib/address';
import { formatAllowance, formatDateTime, formatUsd } from '../../lib/format';
import { epochMs } from '../portfolio/money';

const COLUMNS: DataColumn<ApprovalView>[] = [
  { id: 'token', header: 'Token', sortValue: (a) => a.tokenSymbol, cell: (a) => <span title={a.token}>{a.tokenSymbol} <span className="muted">{a.tokenStandard}</span></span> },
  { id: 'operator', header: 'Operator', sortValue: (a) => a.operatorName, cell: (a) => <span className="cell-ellipsis" title={a.operator}>{a.operatorName} <span className="muted num">{shortAddress(a.operator)}</span></span> },
  { id: 'approved', header: 'Approved', sortValue: (a) => (a.approved ? 1 : 0), cell: (a) => (a.approved ? <span className="tone-bid">yes</span> : <span className="muted">no</span>) },
  { id: 'allowance', header: 'Allowance', numeric: true, cell: (a) => (a.allowance === null ? '—' : formatAllowance(a.allowance, formatUsd)) },
  { id: 'updated', header: 'Updated', sortValue: (a) => a.updatedAt, cell: (a) => <span className="num">{a.updatedAt === null ? '—' : formatDateTime(epochMs(a.updatedAt))}</span> },
];
const TEMPLATE = '140px minmax(220px, 2fr) 80px 120px 130px';
const searchText = (a: ApprovalView) => `${a.tokenSymbol} ${a.token} ${a.operatorName} ${a.operator}`;

export function ApprovalsTab({ address, filter }: { address: string; filter: string }) {
  const [state, setState] = useState<{ address: string; rows: ApprovalView[] | null; error: BridgeError | null }>({ address, rows: null, error: null });
  const load = useCallback(async () => {
    const result = await api.listApprovals({ address });
    setState(result.ok ? { address, rows: result.value, error: null } : { address, rows: null, error: result.error });
  }, [address]);
  useEffect(() => {
    void load();
  }, [load]);
  const current = state.address === address ? state : null;
  return (
    <div className="act-tab" data-testid="activity-approvals">
      {current?.error ? <InlineError what="Could not read the wallet’s approvals" error={current.error} onRetry={() => void load()} /> : null}
      <DataTable
        rows={current?.rows ?? []}
        columns={COLUMNS}
        rowKey={(a) => `${a.token}:${a.operator}`}
        searchText={searchText}
        filter={filter}
        template={TEMPLATE}
        label="Approvals"
        testId="approvals-table"
        rowTestId="approval-row"
        empty={current?.rows === null && !current.error ? 'Loading approvals…' : 'This wallet has approved nothing.'}
      />
    </div>
  );
}
