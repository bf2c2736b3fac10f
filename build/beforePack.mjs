// electron-builder beforePack hook (electron-builder.ts): refuses, before packing, a target whose
// native keychain addon is not installed and a half-configured set of notarization credentials.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingNativePackage } from './nativePackages.mjs';
import { notarizationPlan } from './signingCredentials.mjs';

/** @param {{ electronPlatformName: string, arch: number, packager: { projectDir: string } }} context */
export default async function beforePack(context) {
  const projectDir = context.packager.projectDir;
  const keyring = JSON.parse(readFileSync(join(projectDir, 'node_modules/@napi-rs/keyring/package.json'), 'utf8'));
  const problem = missingNativePackage({
    projectDir,
    platform: context.electronPlatformName,
    arch: context.arch,
    keyringVersion: keyring.version,
  });
  if (problem) throw new Error(problem);
  if (context.electronPlatformName === 'darwin') {
    const plan = notarizationPlan(process.env);
    if (plan.kind === 'incomplete') {
      throw new Error(`macOS notarization is half-configured: the ${plan.set} set lacks ${plan.missing.join(', ')}.`);
    }
  }
}
