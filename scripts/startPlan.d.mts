// Types for scripts/startPlan.mjs, imported by the TypeScript tests and the Electron E2E spec.
export interface Command {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export type StartPlan =
  | { mode: 'browser'; notice: string | null; launch: Command }
  | { mode: 'desktop'; build: Omit<Command, 'env'> | null; launch: Command };

export const BROWSER_FLAG: string;
export const DEV_FLAG: string;

export function planStart(options: {
  root: string;
  args: string[];
  dev?: boolean;
  signal?: AbortSignal;
  stderr?: { isTTY?: boolean; write(text: string): unknown };
}): Promise<StartPlan>;
