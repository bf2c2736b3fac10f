/** The columns every combo table shows the same way: the combo's title and its legs. */
import type { DataColumn } from '../../components/DataTable';
import { formatNumber } from '../../lib/format';

interface ComboRow {
  title: string;
  legs: ReadonlyArray<{ title: string; outcome: string }>;
}

/** The combo (leg titles joined) and its legs (count and outcomes; each leg in the title). */
export function comboColumns<Row extends ComboRow>(): DataColumn<Row>[] {
  return [
    { id: 'title', header: 'Combo', sortValue: (r) => r.title.toLowerCase(), cell: (r) => <span className="cell-ellipsis" title={r.title}>{r.title}</span> },
    {
      id: 'legs',
      header: 'Legs',
      sortValue: (r) => r.legs.length,
      cell: (r) => (
        <span className="cell-ellipsis" title={r.legs.map((l) => `${l.title}: ${l.outcome}`).join('\n')}>
          {formatNumber(r.legs.length)} · {r.legs.map((l) => l.outcome).join(' / ')}
        </span>
      ),
    },
  ];
}
