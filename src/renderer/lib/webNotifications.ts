/**
 * Browser mode: fired alerts as web notifications. The permission is asked on first use — when
 * the user creates an alert (a click, which browsers require for the prompt) — never at startup.
 * The desktop app shows OS notifications from main instead, so this stays silent there.
 */
import type { FiredAlert } from '../../shared/prefs';
import { bridgeMode } from '../bridge/api';
import { formatSentence } from './format';

const supported = (): boolean => bridgeMode === 'browser' && typeof Notification !== 'undefined';

/** Asks for permission if the browser has not been asked yet; says whether notifications can show. */
export async function askForNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!supported()) return bridgeMode === 'electron' ? 'granted' : 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return 'denied';
  }
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  if (bridgeMode === 'electron') return 'granted';
  return supported() ? Notification.permission : 'unsupported';
}

export function showWebNotification(alert: FiredAlert): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    new Notification(alert.title, { body: alert.bodyParts ? formatSentence(alert.bodyParts) : alert.body, tag: alert.id });

  } catch {
    // Some browsers only allow notifications from a service worker; the in-app log still has it.
  }
}
