/**
 * The app's views, in navigation order. Views that later issues fill say plainly what will be
 * there and when; they never show sample data that could be mistaken for the user's own.
 */
export const VIEW_IDS = [
  'markets',
  'trade',
  'portfolio',
  'activity',
  'transfers',
  'referrals',
  'perps',
  'boards',
  'alerts',
  'accounts',
  'settings',
] as const;

export type ViewId = (typeof VIEW_IDS)[number];

export const DEFAULT_VIEW: ViewId = 'markets';

export const isViewId = (value: string): value is ViewId => (VIEW_IDS as readonly string[]).includes(value);

export interface ViewInfo {
  label: string;
  /** One line a user can scan in the nav tooltip. */
  summary: string;
  /** For views not built yet: what will be there, and what brings it. */
  comingWith?: string;
}

export const VIEWS: Record<ViewId, ViewInfo> = {
  markets: { label: 'Markets', summary: 'Browse the catalog and watch live order books.' },
  trade: {
    label: 'Trade',
    summary: 'Ladder, chart and order ticket: place, watch and cancel signed orders.',
  },
  portfolio: {
    label: 'Portfolio',
    summary: 'Positions, value and profit and loss across your accounts.',
  },
  activity: {
    label: 'Activity',
    summary: 'The full history of a wallet from the local store: filter, sync, export; combos and approvals.',
  },
  transfers: {
    label: 'Transfers',
    summary: 'Send perps collateral to your other accounts or any address, and the history of transfers in and out.',
  },
  referrals: {
    label: 'Referrals',
    summary: 'Your perps invite code, the accounts it brought, referrals left and your referrer.',
  },
  perps: {
    label: 'Perps',
    summary: 'Equity, funding, the public trade tape and collateral assets of the perpetuals exchange.',
  },
  boards: {
    label: 'Boards',
    summary: 'Biggest winners, the builders leaderboard and builder volume from the analytics service.',
  },
  alerts: {
    label: 'Alerts',
    summary: 'Price alerts waiting to fire, and every alert and fill notification that went off.',
  },
  accounts: {
    label: 'Accounts',
    summary: 'Add, import and label wallets and API keys; secrets stay in the encrypted vault, never in this window.',
  },
  settings: {
    label: 'Settings',
    summary: 'Display (theme, prices, times, default size), vault security and the network.',
  },
};
