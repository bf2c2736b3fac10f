/** Small stroke icons for the navigation; drawn here so no icon font or remote asset is needed. */
import type { ViewId } from '../views/viewRegistry';

const PATHS: Record<ViewId, string> = {
  markets: 'M3 17V9M8 17V5M13 17v-6M18 17V7',
  trade: 'M6 4v12M3 13l3 3 3-3M14 16V4M11 7l3-3 3 3',
  portfolio: 'M10 3a7 7 0 1 0 7 7h-7zM12 1.5V8h6.5A6.5 6.5 0 0 0 12 1.5z',
  activity: 'M2 10h4l2-5 4 10 2-5h4',
  transfers: 'M3 7h13l-3-3M17 13H4l3 3',
  referrals: 'M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 17c0-3 2.2-5 5-5s5 2 5 5M14 8h5M16.5 5.5v5',
  perps: 'M3 17l4-6 4 3 6-9M14 5h3v3',
  boards: 'M3 17h14M5 17V9h3v8M9.5 17V4h3v13M14 17v-6h3',
  alerts: 'M5 14V9a5 5 0 0 1 10 0v5l1.5 2h-13zM8.5 18h3',
  accounts: 'M10 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 18c0-3.9 3.1-6 7-6s7 2.1 7 6',
  settings:
    'M10 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM10 1.5v2.5M10 16v2.5M18.5 10H16M4 10H1.5M16 4l-1.8 1.8M5.8 14.2 4 16M16 16l-1.8-1.8M5.8 5.8 4 4',
};

export function ViewIcon({ view }: { view: ViewId }) {
  return (
    <svg className="view-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={PATHS[view]} />
    </svg>
  );
}
