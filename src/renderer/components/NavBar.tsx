/**
 * Left navigation. Real links to `#/view`, so Tab, Enter, middle-click and Back all behave;
 * the current view carries aria-current="page" for screen readers and for styling.
 */
import { hrefForView, selectView, useNavigationStore } from '../stores/navigationStore';
import { VIEW_IDS, VIEWS } from '../views/viewRegistry';
import { ViewIcon } from './ViewIcon';

export function NavBar() {
  const current = useNavigationStore(selectView);
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {VIEW_IDS.map((id) => {
          const view = VIEWS[id];
          return (
            <li key={id}>
              <a
                href={hrefForView(id)}
                className="nav-link"
                aria-current={id === current ? 'page' : undefined}
                title={view.summary}
                data-testid={`nav-${id}`}
              >
                <ViewIcon view={id} />
                <span className="nav-label">{view.label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
