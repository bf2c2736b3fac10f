/**
 * Desktop: every fired alert becomes an OS notification from the main process (the renderer's
 * web Notification is for browser mode only). Thin on purpose: the words come from the core.
 */
import { Notification } from 'electron';
import type { Core } from '../core/coreApi';
import { NOTIFICATION_ICON_PATH } from './appIcons';

export function showAlertsAsOsNotifications(core: Pick<Core, 'subscribe'>, onClick: () => void): () => void {
  return core.subscribe((event, payload) => {
    if (event !== 'alertFired' || !Notification.isSupported()) return;
    const alert = payload as { title: string; body: string };
    const notification = new Notification({ title: alert.title, body: alert.body, silent: false, icon: NOTIFICATION_ICON_PATH });
    notification.on('click', onClick);
    notification.show();
  });
}
