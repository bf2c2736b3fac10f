/**
 * Writes an exported keystore where the user chose, readable by the user only (0600): the file
 * and its password are the key. Written to a private temporary name next to the target and then
 * renamed over it, so a failure never leaves a half-written keystore under the chosen name. A
 * full disk or a folder that cannot be written is said as such, naming the folder.
 */
import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { storageFault } from '../core/dataFolder/storageFaults';

export async function writeKeystoreFile(path: string, keystoreJson: string): Promise<void> {
  const temporary = join(dirname(path), `.marketdesk-keystore-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, keystoreJson, { mode: 0o600, flag: 'wx' });
    // The umask cannot widen 0600, but a platform that ignores `mode` gets it set explicitly.
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw storageFault(error, 'the keystore file', { folder: dirname(path), isDataFolder: false }) ?? error;
  }
}
