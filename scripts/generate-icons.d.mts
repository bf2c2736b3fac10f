// Types for scripts/generate-icons.mjs, imported by the TypeScript tests.
export const SOURCE: string;
export const LINUX_SIZES: number[];
export function renderIcons(projectDir?: string): Map<string, Buffer>;
export function staleIcons(projectDir?: string, rendered?: Map<string, Buffer>): string[];
