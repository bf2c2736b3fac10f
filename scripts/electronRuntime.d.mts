// Types for scripts/electronRuntime.mjs, imported by the TypeScript tests and E2E spec.
export function electronPackageDir(fromDir?: string): string | null;
export function findElectronRuntime(options?: {
  electronDir?: string | null;
  env?: NodeJS.ProcessEnv;
}): { executablePath: string } | null;
