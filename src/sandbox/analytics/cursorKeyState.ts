/**
 * The analytics section of the sandbox state file: the cursor signing key, so a walk resumed
 * from a saved cursor after the app (and with it the sandbox) restarted still verifies. Without
 * a state file the key is random per process and cursors die with it. The file is written with
 * mode 0600 next to the API secrets it already holds.
 */
import { asObject, readString, StateFormatError } from '../state/stateFields';
import type { StateSection } from '../state/stateStore';
import type { CursorCodec } from './cursor';

export const ANALYTICS_SECTION = 'analytics';

export function cursorKeySection(codec: CursorCodec): StateSection {
  let loaded = false;
  return {
    key: ANALYTICS_SECTION,
    encode: () => ({ cursorKey: codec.exportKey() }),
    decode: (stored) => {
      const key = Buffer.from(readString(asObject(stored, ANALYTICS_SECTION), 'cursorKey', `${ANALYTICS_SECTION}.cursorKey`, /^[A-Za-z0-9_-]+$/), 'base64url');
      if (key.length !== 32) throw new StateFormatError(`${ANALYTICS_SECTION}.cursorKey must be 32 bytes`);
      return () => {
        codec.importKey(key);
        loaded = true;
      };
    },
    // A fresh key is saved right away: cursors handed out before any other change must survive too.
    watch: (changed) => {
      if (!loaded) changed();
    },
  };
}
