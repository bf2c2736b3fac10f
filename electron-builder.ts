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

const config: Configuration = {
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

export default config;
