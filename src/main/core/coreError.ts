import type { BridgeError, BridgeErrorCode } from '../../shared/result';

/**
 * An error the core means to show: its message is written for the user and carries no secret.
 * Anything else that escapes a handler is reported as an internal error without its text.
 */
export class CoreError extends Error {
  readonly code: BridgeErrorCode;
  readonly retryable: boolean;
  readonly traceId: string | undefined;
  readonly status: number | undefined;

  constructor(
    code: BridgeErrorCode,
    message: string,
    options: { retryable?: boolean; traceId?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'CoreError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.traceId = options.traceId;
    this.status = options.status;
  }

  toBridgeError(): BridgeError {
    const error: BridgeError = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.traceId) error.traceId = this.traceId;
    return error;
  }
}
