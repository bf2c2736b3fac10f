// @napi-rs/keyring loads its native addon from one optional package per platform and CPU, and
// npm installs only the host's. A build for another platform or CPU (the x64 dmg made on an
// Apple-silicon Mac) would ship without a working keychain, so beforePack checks that the
// target's package is installed before anything is packed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** electron-builder's Arch enum values (builder-util) → Node's process.arch names. */
const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'arm', 3: 'arm64' };

/** The keyring package for a target, or null when that target has none. */
export function keyringPackageFor(platform, arch) {
  const names = {
    'darwin-x64': 'darwin-x64',
    'darwin-arm64': 'darwin-arm64',
    'mas-x64': 'darwin-x64',
    'mas-arm64': 'darwin-arm64',
    'win32-x64': 'win32-x64-msvc',
    'win32-arm64': 'win32-arm64-msvc',
    'win32-ia32': 'win32-ia32-msvc',
    'linux-x64': 'linux-x64-gnu',
    'linux-arm64': 'linux-arm64-gnu',
    'linux-arm': 'linux-arm-gnueabihf',
  };
  const suffix = names[`${platform}-${arch}`];
  return suffix ? `@napi-rs/keyring-${suffix}` : null;
}

/**
 * Null when the target's keyring addon is installed under `projectDir`, otherwise the reason
 * and the command that installs it.
 * @param {{ projectDir: string, platform: string, arch: number | string, keyringVersion: string }} target
 */
export function missingNativePackage({ projectDir, platform, arch, keyringVersion }) {
  const archName = typeof arch === 'number' ? ARCH_NAMES[arch] : arch;
  const name = keyringPackageFor(platform, archName);
  if (!name) return `No keychain addon exists for ${platform} ${archName}: that target cannot be built.`;
  if (existsSync(join(projectDir, 'node_modules', name, 'package.json'))) return null;
  const os = platform === 'mas' ? 'darwin' : platform;
  return (
    `The ${platform} ${archName} build needs ${name}, which npm installs only on such machines. ` +
    `Install it first: npm install --no-save --os=${os} --cpu=${archName} ${name}@${keyringVersion}`
  );
}
