import { useEffect, useRef } from 'react';
import { outageWait } from '../components/outageText';
import { useAppStatusStore } from '../stores/appStatusStore';

const pollWait = (service: string | undefined, intervalMs: number) =>
  service ? outageWait(useAppStatusStore.getState().status?.outages ?? [], service, intervalMs, Date.now()) : intervalMs;

/**
 * Runs `task` now and then every `intervalMs` while the window is visible and `key` stays the
 * same; a hidden window polls nothing, and coming back runs the task at once. A new `key`
 * (another token, another interval) starts over. With `service`, an outage of that service
 * stretches the wait to the core's next retry (outageWait).
 */
export function usePolling(key: string | null, intervalMs: number, task: () => void | Promise<void>, service?: string): void {
  const latest = useRef(task);
  useEffect(() => {
    latest.current = task;
  });
  useEffect(() => {
    if (key === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const run = async () => {
      timer = null;
      if (document.visibilityState === 'visible') await latest.current();
      if (!stopped) timer = setTimeout(() => void run(), pollWait(service, intervalMs));
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible' || stopped) return;
      if (timer) clearTimeout(timer);
      void run();
    };
    void run();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key, intervalMs, service]);
}
