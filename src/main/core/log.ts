/**
 * The core's logger. Lines go to stderr; errors are written as their name and message only
 * (never the objects they carry), so request bodies and headers cannot leak into a log.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : typeof error;

export function createLogger(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const line = (level: string, message: string) => write(`${new Date().toISOString()} ${level} ${message}`);
  return {
    info: (message) => line('info', message),
    warn: (message) => line('warn', message),
    error: (message, error) => line('error', error === undefined ? message : `${message}: ${describe(error)}`),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
