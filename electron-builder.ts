// The one electron-builder configuration (found by name; loaded through jiti). `npm run dist`
// builds the installers of the current platform from it, and the packaged-app check
// (scripts/release/) assembles the same ASAR from the same `files` and `asarUnpack` without
// the Electron binary. It is plain data, validated by electron-builder's own schema in a test:
// the hooks are file paths, not functions.
import type { Configuration } from 'electron-builder';

/**
 * Fuses flipped in the Electron binary at package time (electron-builder runs @electron/fuses
 * right before signing, so the signature covers them). Each value follows Electron's fuses and
 * security guides; test/unit/release/fuses.test.ts checks it against them.
 */
export const electronFuses = {
  // Nothing forks Node children; ELECTRON_RUN_AS_NODE would turn the app into a plain node.
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  // The renderer is served from app://, never file://.
  grantFileProtocolExtraPrivileges: false,
} satisfies NonNullable<Configuration['electronFuses']>;

/**
 * What goes into the app: the built bundles, package.json and the icons the running app shows
 * (src/main/electron/appIcons.ts). electron-builder adds the
 * production dependencies (npm's tree without devDependencies) by itself; the negative patterns
 * apply to them too. Source maps stay out (they name local paths and inline the sources), and so
 * do the TypeScript sources some packages publish beside their JavaScript (viem's alone are
 * 8 MB): Node never loads them. The packaged-app check proves nothing loaded was left out.
 */
export const appFiles = [
  'package.json',
  'out/main/**/*',
  'out/preload/**/*',
  'out/renderer/**/*',
  'resources/icons/*.png',
  '!**/*.map',
  '!**/node_modules/**/*.{ts,mts,cts,tsx}',
];

/** Native addons cannot be loaded from inside an ASAR; they are kept beside it. */
export const asarUnpack = ['**/*.node'];

/** The build-time variables that give the installers their own update feed and publisher. */
export interface ReleaseEnvironment {
  /** The generic (plain https) feed the installers ask; without it a build has no updates. */
  MARKETDESK_UPDATE_FEED_URL?: string | undefined;
  /** Windows: the Authenticode publisher an update must name, exactly as in the certificate. */
  MARKETDESK_WIN_PUBLISHER?: string | undefined;
}

/**
 * The installer's own feed, baked into app-update.yml: a generic provider on the address from
 * MARKETDESK_UPDATE_FEED_URL. Without the variable there is no `publish` (and no app-update.yml),
 * so that build's updates are off ("no feed") unless the environment or settings file names one.
 * Anything but a plain https address stops the build instead of shipping an unusable feed.
 */
export function updatePublish(env: ReleaseEnvironment): Configuration['publish'] {
  const url = env.MARKETDESK_UPDATE_FEED_URL?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`MARKETDESK_UPDATE_FEED_URL is not an address: ${url}`);
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.hash) {
    throw new Error('MARKETDESK_UPDATE_FEED_URL must be a plain https:// address (no credentials, no #fragment)');
  }
  return [{ provider: 'generic', url }];
}

/**
 * Windows: the publisher electron-updater requires on an update's Authenticode signature
 * (written as publisherName into app-update.yml). Without it an unsigned build's updates are
 * reported unverifiable and stay off.
 */
export function windowsSigntool(env: ReleaseEnvironment): { publisherName: string } | undefined {
  const publisher = env.MARKETDESK_WIN_PUBLISHER?.trim();
  return publisher ? { publisherName: publisher } : undefined;
}

/** The configuration for a given build environment (the default export reads process.env). */
export function builderConfig(env: ReleaseEnvironment): Configuration {
  const publish = updatePublish(env);
  const signtoolOptions = windowsSigntool(env);
  return {
    ...baseConfig,
    // null, not absent: electron-builder would otherwise guess a GitHub feed from the environment.
    publish,
    win: { ...baseConfig.win, ...(signtoolOptions ? { signtoolOptions } : {}) },
  };
}

const baseConfig: Configuration = {
  appId: 'app.marketdesk.terminal',
  productName: 'Marketdesk',
  copyright: 'Copyright © Marketdesk contributors',
  directories: { output: 'dist', buildResources: 'build' },
  files: appFiles,
  asar: true,
  asarUnpack,
  // The only native addon (@napi-rs/keyring) is a prebuilt N-API binary: stable across Node and
  // Electron versions, nothing to rebuild (and no compiler needed on the release machine).
  npmRebuild: false,
  electronFuses,
  // No file associations, URL schemes or deep links: no feature opens the app from outside.
  fileAssociations: [],
  protocols: [],
  // Refuses a target whose native keychain addon is missing or half-set notarization credentials.
  beforePack: './build/beforePack.mjs',
  // Signing and notarization credentials come from the environment; this hook says what was done.
  afterSign: './build/afterSign.mjs',
  mac: {
    category: 'public.app-category.finance',
    icon: 'build/icon.icns',
    target: [
      { target: 'dmg', arch: ['arm64', 'x64'] },
      { target: 'zip', arch: ['arm64', 'x64'] },
    ],
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // electron-builder's notarization: runs when APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER,
    // APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID or APPLE_KEYCHAIN/APPLE_KEYCHAIN_PROFILE are set.
    notarize: true,
  },
  dmg: { writeUpdateInfo: false },
  win: {
    icon: 'build/icon.ico',
    target: [
      { target: 'nsis', arch: ['x64'] },
      { target: 'portable', arch: ['x64'] },
    ],
  },
  nsis: {
    // Installed for the current user: no administrator rights, no elevation prompt.
    oneClick: false,
    perMachine: false,
    allowElevation: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    deleteAppDataOnUninstall: false,
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },
  // The portable build would otherwise take the installer's file name.
  portable: { artifactName: '${productName}-${version}-portable.${ext}' },
  linux: {
    icon: 'build/icons',
    category: 'Finance',
    synopsis: 'Portfolio and trading terminal for prediction markets and perpetuals',
    maintainer: 'Marketdesk contributors <maintainers@users.noreply.github.com>',
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
  },
};

export default builderConfig(process.env);
