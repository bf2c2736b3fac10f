/**
 * Tells main the user is here, so its auto-lock idle timer starts over. Main owns the timer (it
 * must lock even when this window is closed or frozen); the window only reports input, and at
 * most once every 30 s, which is far finer than the shortest auto-lock (1 minute).
 */
import { useVaultStore } from '../stores/vaultStore';
import { api } from './api';

export const ACTIVITY_REPORT_INTERVAL_MS = 30_000;

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

export function reportUserActivityWhileOpen(): () => void {
  let lastReportAt = 0;
  const onInput = () => {
    const now = Date.now();
    if (now - lastReportAt < ACTIVITY_REPORT_INTERVAL_MS) return;
    // A locked or missing vault has no idle timer to reset.
    if (useVaultStore.getState().vault?.unlocked !== true) return;
    lastReportAt = now;
    void api.reportUserActivity({});
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  return () => {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
  };
}
