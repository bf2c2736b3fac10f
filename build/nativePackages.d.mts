// Types for build/nativePackages.mjs, imported by the TypeScript tests.
export function keyringPackageFor(platform: string, arch: string): string | null;
export function missingNativePackage(target: {
  projectDir: string;
  platform: string;
  arch: number | string;
  keyringVersion: string;
}): string | null;
