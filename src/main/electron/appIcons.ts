/**
 * The icons the running app shows: the window icon (taskbar and title bar on Windows and Linux;
 * macOS takes the bundle's icns) and the notification icon. They are generated from
 * resources/icon.svg (scripts/generate-icons.mjs) and packed as resources/icons/ by
 * electron-builder.ts; main's bundle lives in out/main, two folders below the app root.
 */
import { join } from 'node:path';

const iconsDir = join(import.meta.dirname, '../../resources/icons');

export const WINDOW_ICON_PATH = join(iconsDir, 'window.png');
export const NOTIFICATION_ICON_PATH = join(iconsDir, 'notification.png');
