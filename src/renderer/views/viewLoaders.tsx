/**
 * Each view in a chunk of its own, loaded when it is first shown: the first view downloads only
 * its own code (the chart library, the perps and analytics views stay on the server until
 * asked for). `preloadView` warms a chunk on hover so a click rarely waits.
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

const lazyViews = new Map<ViewId, LazyExoticComponent<ComponentType>>();

export function lazyView(view: ViewId): LazyExoticComponent<ComponentType> {
  let component = lazyViews.get(view);
  if (!component) {
    component = lazy(LOADERS[view]);
    lazyViews.set(view, component);
  }
  return component;
}

/** Starts downloading a view's chunk (hover or focus on its navigation entry). */
export function preloadView(view: ViewId): void {
  void LOADERS[view]().catch(() => undefined);
}
