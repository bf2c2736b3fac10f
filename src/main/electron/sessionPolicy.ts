/**
 * Deny-by-default session policy. The renderer needs no camera, microphone, location,
 * notifications, USB, serial, HID or downloads; a page that asks is either a bug or an attack,
 * and a silent "no" is the right answer to both. Grant a permission here only with a reason.
 */
import type { Session } from 'electron';

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  // Checks are the synchronous twin of requests (e.g. navigator.permissions.query, clipboard).
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  // Exports are written by main; the page has no reason to start a download.
  session.on('will-download', (event) => event.preventDefault());
}
