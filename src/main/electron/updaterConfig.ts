/**
 * What the installer says about its own updates, read from the app-update.yml electron-builder
 * writes into the resources folder (its `publish` config plus, on Windows, the code-signing
 * publisher). Pure, so it is tested without Electron. Only top-level `key: value` lines are read:
 * the file is machine-written, and a value this reader does not understand counts as absent
 * (an unknown feed is no feed; an unknown publisher is no verification), never as permission.
 */
import { updateFeedUrlProblem, type UpdateVerification } from '../../shared/updates';

export interface InstallerUpdateConfig {
  /** electron-builder's provider name (generic, github, s3, …); null when the file names none. */
  provider: string | null;
  /** A generic provider's https address; null otherwise. */
  url: string | null;
  /** Windows: a publisher the update's Authenticode signature must name (`publisherName`). */
  publisherNamed: boolean;
}

const unquote = (value: string): string => value.trim().replace(/^(['"])(.*)\1$/, '$2');

function topLevel(text: string, key: string): string | null {
  const match = new RegExp(`^${key}:[ \\t]*(.*)$`, 'm').exec(text);
  return match ? unquote(match[1]!) : null;
}

export function readInstallerUpdateConfig(text: string): InstallerUpdateConfig {
  const provider = topLevel(text, 'provider') || null;
  const rawUrl = topLevel(text, 'url');
  const url = provider === 'generic' && rawUrl && updateFeedUrlProblem(rawUrl) === null ? rawUrl : null;
  // A generic feed over plain http is not used at all: its update and its checksum would come unprotected.
  const usableProvider = provider === 'generic' && url === null ? null : provider;
  // Written as a one-line value or as a YAML list on the following lines.
  const publisher = topLevel(text, 'publisherName');
  const publisherNamed = publisher !== null && (publisher.length > 0 || /^publisherName:[ \t]*\n[ \t]+-[ \t]*\S/m.test(text));
  return { provider: usableProvider, url, publisherNamed };
}

/**
 * What electron-updater verifies on each platform (decisions: "Updates"): Windows checks the
 * installer's Authenticode signature against publisherName — and skips the check when the name
 * is missing, so such a build gets no updates; macOS leaves it to Squirrel.Mac, which accepts only
 * an app signed like the running one; Linux compares the SHA-512 from latest-linux.yml.
 */
export function updateVerificationFor(platform: NodeJS.Platform, config: InstallerUpdateConfig | null): UpdateVerification | null {
  if (platform === 'win32') return config?.publisherNamed ? 'publisher-signature' : null;
  if (platform === 'darwin') return 'developer-signature';
  return 'checksum-only';
}
