/**
 * The keyboard map, in one place: the handlers and the help sheet read the same table, so the
 * sheet cannot drift from what the keys do. Every key works in the desktop app and in browser
 * mode: plain letters and Shift+letters (never while typing in a text field), and no Ctrl+digit
 * in the browser, which keeps Ctrl+1…9 for its own tabs — there accounts are Alt+Shift+1…9.
 */
import { bridgeMode } from '../bridge/api';
import type { ViewId } from '../views/viewRegistry';

export const MOD_LABEL = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl';

/** Second key after G, per view. */
export const VIEW_KEYS: Record<string, ViewId> = {
  m: 'markets',
  t: 'trade',
  p: 'portfolio',
  a: 'activity',
  x: 'transfers',
  r: 'referrals',
  e: 'perps',
  b: 'boards',
  u: 'accounts',
  s: 'settings',
};

export interface ShortcutGroup {
  title: string;
  keys: Array<[keys: string, what: string]>;
}

export function shortcutGroups(): ShortcutGroup[] {
  const accountKeys = bridgeMode === 'electron' ? `${MOD_LABEL} + 1…9 or Alt + Shift + 1…9` : 'Alt + Shift + 1…9';
  return [
    {
      title: 'Orders (Trade)',
      keys: [
        ['Shift + B', 'Buy at the best ask (ticket size)'],
        ['Shift + S', 'Sell at the best bid (ticket size)'],
        ['J', 'Join the bid: buy at the best bid'],
        ['K', 'Join the ask: sell at the best ask'],
        ['Shift + F', 'Flatten: cancel this outcome’s orders and sell its shares'],
        ['B / S', 'Ticket side: buy / sell'],
        ['P / Q', 'Focus the ticket’s price / size'],
        ['↑ / ↓', 'Price one tick up / down (in the price field; Shift: ten)'],
        ['Enter', 'Send the ticket (in the ticket)'],
      ],
    },
    {
      title: 'Cancel (Trade, each asks first)',
      keys: [
        ['X', 'Cancel every order in this market'],
        ['[ / ]', 'Cancel this outcome’s buy / sell orders'],
        [`${MOD_LABEL} + Shift + X`, 'Cancel all open orders, every market'],
        ['Shift + K', 'Kill switch: cancel every order of every account on this network, stop heartbeats'],
      ],
    },
    {
      title: 'Ladder (Trade)',
      keys: [
        ['L', 'Focus the ladder'],
        ['↑ ↓ · PgUp PgDn', 'Move one / ten prices'],
        ['← / →', 'Pick the bid, price or ask column'],
        ['Enter', 'Buy (bid column), sell (ask column), or price the ticket'],
        ['A', 'Amend your order at this price (or drag it)'],
        ['C', 'Centre on the best bid and ask'],
      ],
    },
    {
      title: 'Anywhere',
      keys: [
        ['G then M, T, P, A', 'Markets, Trade, Portfolio, Activity'],
        ['G then X, R, E, B, U, S', 'Transfers, Referrals, Perps, Boards, Accounts, Settings'],
        [accountKeys, 'Switch to account N'],
        ['?', 'This sheet'],
      ],
    },
  ];
}

/** Letters are left alone in text fields; the ticket's numeric fields (a letter means nothing there) are the exception. */
export function typingInTextField(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const field = target?.closest?.('input, textarea, select, [contenteditable="true"]');
  return Boolean(field && !field.hasAttribute('data-ticket-input'));
}
