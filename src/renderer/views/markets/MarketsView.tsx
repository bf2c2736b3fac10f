/** Markets: the catalog's events (left), the chosen event's markets (middle), live books (right). */
import { EventListPane } from './EventListPane';
import { EventDetailPane } from './EventDetailPane';
import { BooksPane } from './BooksPane';
import '../../styles/markets-list.css';

export function MarketsView() {
  return (
    <section className="view markets" data-testid="view-markets" aria-label="Markets">
      <EventListPane />
      <EventDetailPane />
      <BooksPane />
    </section>
  );
}
