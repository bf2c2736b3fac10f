/** A view that a later issue fills: it says what will be there and shows no made-up data. */
import { EmptyState } from '../../components/EmptyState';
import { VIEWS, type ViewId } from '../viewRegistry';

export function PlaceholderView({ view }: { view: ViewId }) {
  const info = VIEWS[view];
  return (
    <section className="view view-placeholder" data-testid={`view-${view}`} aria-labelledby={`view-${view}-title`}>
      <EmptyState title={info.label}>
        <p id={`view-${view}-title`} className="empty-lead">
          {info.label} — {info.summary.charAt(0).toLowerCase()}
          {info.summary.slice(1)}
        </p>
        {info.comingWith ? <p className="muted">{info.comingWith} Nothing here is sample data.</p> : null}
      </EmptyState>
    </section>
  );
}
