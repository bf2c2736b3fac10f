// Types for build/signingCredentials.mjs, imported by the TypeScript tests.
export const NOTARIZATION_SETS: ReadonlyArray<{ name: string; variables: string[] }>;
export const SIGNING_VARIABLES: { darwin: string[]; win32: string[] };
export type NotarizationPlan =
  | { kind: 'ready'; set: string }
  | { kind: 'incomplete'; set: string; missing: string[] }
  | { kind: 'skip' };
export function notarizationPlan(env: Record<string, string | undefined>): NotarizationPlan;
export function signingReport(platform: string, env: Record<string, string | undefined>): string;
