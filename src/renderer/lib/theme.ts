/**
 * The colour theme on the page: `data-theme="light"|"dark"` on <html>, which theme.css and
 * theme-light.css key their colour tokens on. "system" follows `prefers-color-scheme` and keeps
 * following it while the app is open (a desktop that switches at sunset switches the app too).
 * No inline style is written: the strict CSP forbids it, and the attribute is enough.
 */
import type { DisplayPrefs } from '../../shared/prefs';

export type ResolvedTheme = 'light' | 'dark';

const lightQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: light)') : null;

export function resolveTheme(choice: DisplayPrefs['theme']): ResolvedTheme {
  if (choice !== 'system') return choice;
  return lightQuery()?.matches ? 'light' : 'dark';
}

let choice: DisplayPrefs['theme'] = 'system';
const listeners = new Set<(theme: ResolvedTheme) => void>();

function paint(): void {
  const theme = resolveTheme(choice);
  if (document.documentElement.dataset.theme === theme) return;
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener(theme);
}

/** Applies a theme choice now (before the preferences load it is "system"). */
export function applyTheme(next: DisplayPrefs['theme']): void {
  choice = next;
  paint();
}

/** Starts following the system's light/dark switch; call once at startup. */
export function followSystemTheme(): void {
  lightQuery()?.addEventListener('change', () => {
    if (choice === 'system') paint();
  });
  paint();
}

/** The theme on the page now, for code that paints outside CSS (canvas charts). */
export function currentTheme(): ResolvedTheme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Called after every theme change (charts repaint their colours). */
export function onThemeChange(listener: (theme: ResolvedTheme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
