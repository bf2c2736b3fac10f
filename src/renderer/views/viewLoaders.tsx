/**
 * Each view in a chunk of its own, loaded when it is first shown: the first view downloads only
 * its own code (the chart library, the perps and analytics views stay on the server until
 * asked for). `preloadView` fetches a chunk ahead: the entry waits for the first view's before
 * it renders, so the shell and that view render in one pass, with no Suspense round in between.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ViewId } from './viewRegistry';

type Loader = () => Promise<{ default: ComponentType }>;

const named =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Loader =>
  () =>
    load().then((module) => ({ default: pick(module) }));

const LOADERS: Record<ViewId, Loader> = {
  markets: named(() => import('./markets/MarketsView'), (m) => m.MarketsView),
  trade: named(() => import('./trade/TradeView'), (m) => m.TradeView),
  portfolio: named(() => import('./portfolio/PortfolioPage'), (m) => m.PortfolioPage),
  activity: named(() => import('./activity/ActivityPage'), (m) => m.ActivityPage),
  transfers: named(() => import('./transfers/TransfersPage'), (m) => m.TransfersPage),
  referrals: named(() => import('./referrals/ReferralsPage'), (m) => m.ReferralsPage),
  perps: named(() => import('./perps/PerpsPage'), (m) => m.PerpsPage),
  boards: named(() => import('./boards/BoardsPage'), (m) => m.BoardsPage),
  alerts: named(() => import('./alerts/AlertsView'), (m) => m.AlertsView),
  accounts: named(() => import('./accounts/AccountsView'), (m) => m.AccountsView),
  settings: named(() => import('./settings/SettingsView'), (m) => m.SettingsView),
};

/** Views whose code has arrived: rendered as they are, with no Suspense round. */
const loadedViews = new Map<ViewId, ComponentType>();
/** What `lazyView` handed out per view: always the same component, or React would remount it. */
const viewComponents = new Map<ViewId, ComponentType>();

function loadView(view: ViewId): Promise<{ default: ComponentType }> {
  return LOADERS[view]().then((module) => {
    loadedViews.set(view, module.default);
    return module;
  });
}

export function lazyView(view: ViewId): ComponentType | LazyExoticComponent<ComponentType> {
  let component = viewComponents.get(view);
  if (!component) {
    component = loadedViews.get(view) ?? lazy(() => loadView(view));
    viewComponents.set(view, component);
  }
  return component;
}

/** Starts downloading a view's chunk; settles (never rejects) once it is here or has failed. */
export function preloadView(view: ViewId): Promise<void> {
  return loadView(view).then(
    () => undefined,
    () => undefined, // the view's own Suspense tries again and its boundary says what failed
  );
}
