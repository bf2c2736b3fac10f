/** A From/to pair of date inputs (UTC days as `yyyy-mm-dd` text) for the history filters. */
interface DateRangeFieldsProps {
  from: string;
  to: string;
  onChange: (change: { from?: string; to?: string }) => void;
  fromTestId: string;
  toTestId: string;
}

export function DateRangeFields({ from, to, onChange, fromTestId, toTestId }: DateRangeFieldsProps) {
  return (
    <>
      <label className="act-date">
        <span className="muted">From</span>
        <input className="input" type="date" value={from} onChange={(e) => onChange({ from: e.target.value })} data-testid={fromTestId} />
      </label>
      <label className="act-date">
        <span className="muted">to</span>
        <input className="input" type="date" value={to} onChange={(e) => onChange({ to: e.target.value })} data-testid={toTestId} />
      </label>
    </>
  );
}
