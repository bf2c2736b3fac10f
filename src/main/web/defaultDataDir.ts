import { homedir } from 'node:os';
import { join } from 'node:path';

/** The same folder Electron's `app.getPath('userData')` gives for "Marketdesk", so both modes share data. */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Marketdesk');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Marketdesk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Marketdesk');
}
