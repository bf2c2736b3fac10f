// electron-builder afterSign hook (electron-builder.ts): says in the build log whether the app
// was signed and notarized, and stops a build whose notarization credentials are half set.
import { signingReport } from './signingCredentials.mjs';

/** @param {{ electronPlatformName: string }} context electron-builder's AfterPackContext */
export default async function afterSign(context) {
  console.log(`  • ${signingReport(context.electronPlatformName, process.env)}`);
}
