// Which signing and notarization credentials the environment holds, without reading or printing
// any secret value: only whether each variable is set. electron-builder does the signing
// (CSC_LINK / CSC_KEY_PASSWORD, or an identity in the macOS keychain) and the notarization
// (mac.notarize, from the APPLE_* variables); the afterSign hook reports what happened and
// refuses a half-configured set, which would otherwise skip notarization silently.

/** The credential sets electron-builder's notarization accepts, in its order of preference. */
export const NOTARIZATION_SETS = [
  { name: 'App Store Connect API key', variables: ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'] },
  { name: 'Apple ID', variables: ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'] },
  { name: 'keychain profile', variables: ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'] },
];

/** Code-signing certificate variables, by platform (electron-builder reads WIN_CSC_* first on Windows). */
export const SIGNING_VARIABLES = {
  darwin: ['CSC_LINK', 'CSC_KEY_PASSWORD', 'CSC_NAME'],
  win32: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'CSC_LINK', 'CSC_KEY_PASSWORD'],
};

const isSet = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';

/**
 * The notarization outcome for `env`: `ready` names the complete set, `skip` says none is set,
 * `incomplete` names the set that was started and the variables it lacks.
 * @param {Record<string, string | undefined>} env
 */
export function notarizationPlan(env) {
  const complete = NOTARIZATION_SETS.find((set) => set.variables.every((name) => isSet(env, name)));
  if (complete) return { kind: 'ready', set: complete.name };
  const started = NOTARIZATION_SETS.find((set) => set.variables.some((name) => isSet(env, name)));
  if (started) {
    return { kind: 'incomplete', set: started.name, missing: started.variables.filter((name) => !isSet(env, name)) };
  }
  return { kind: 'skip' };
}

/**
 * One line for the build log about the signing of a `platform` build.
 * @param {string} platform electron-builder's electronPlatformName (darwin, mas, win32, linux)
 * @param {Record<string, string | undefined>} env
 */
export function signingReport(platform, env) {
  if (platform === 'linux') return 'Linux packages are not code-signed (AppImage and deb carry no signature).';
  if (platform === 'win32') {
    const certificate = isSet(env, 'WIN_CSC_LINK') || isSet(env, 'CSC_LINK');
    return certificate
      ? 'Windows: signed with the certificate from WIN_CSC_LINK/CSC_LINK.'
      : 'Windows: not signed (set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD to sign); SmartScreen will warn users.';
  }
  const plan = notarizationPlan(env);
  if (plan.kind === 'incomplete') {
    throw new Error(`macOS notarization is half-configured: the ${plan.set} set lacks ${plan.missing.join(', ')}.`);
  }
  if (plan.kind === 'skip') {
    return 'macOS: notarization skipped (no APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER, APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID or APPLE_KEYCHAIN/APPLE_KEYCHAIN_PROFILE); Gatekeeper will refuse the app on other Macs.';
  }
  return `macOS: notarized with the ${plan.set} credentials.`;
}
