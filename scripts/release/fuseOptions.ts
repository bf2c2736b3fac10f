/**
 * electron-builder's `electronFuses` keys → @electron/fuses option names (the mapping
 * app-builder-lib's generateFuseConfig applies), so tests can read a packaged binary's fuse
 * wire and compare it with the configuration.
 */
import type { FuseV1Options } from '@electron/fuses';
import type { electronFuses } from '../../electron-builder';

export const FUSE_OPTION_OF: Record<keyof typeof electronFuses, keyof typeof FuseV1Options> = {
  runAsNode: 'RunAsNode',
  enableCookieEncryption: 'EnableCookieEncryption',
  enableNodeOptionsEnvironmentVariable: 'EnableNodeOptionsEnvironmentVariable',
  enableNodeCliInspectArguments: 'EnableNodeCliInspectArguments',
  enableEmbeddedAsarIntegrityValidation: 'EnableEmbeddedAsarIntegrityValidation',
  onlyLoadAppFromAsar: 'OnlyLoadAppFromAsar',
  grantFileProtocolExtraPrivileges: 'GrantFileProtocolExtraPrivileges',
};
