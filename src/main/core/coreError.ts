import type { BridgeError, BridgeErrorCode } from '../../shared/result';
import type { Sentence, SentencePart } from '../../shared/sentence';

/**
 * An error the core means to show: its message is written for the user and carries no secret.
 * Anything else that escapes a handler is reported as an internal error without its text.
 */
/** What a remote service said, kept apart from the sentence shown to the user. */
export interface ServiceDetails {
  message?: string;
  code?: string;
  retryAfterSeconds?: number;
  /** The analytics service's `parameter`: which query parameter it refused. */
  parameter?: string;
  /** Perps: the id an already-settled transfer was settled under (`duplicate_salt`). */
  transferId?: number;
}

export class CoreError extends Error {
  readonly code: BridgeErrorCode;
  readonly retryable: boolean;
  readonly traceId: string | undefined;
  readonly status: number | undefined;
  readonly service: ServiceDetails;
  /** A message with figures: the page shows them in the user's formats (shared/sentence). */
  readonly parts: SentencePart[] | undefined;

  constructor(
    code: BridgeErrorCode,
    message: string | Sentence,
    options: { retryable?: boolean; traceId?: string; status?: number; cause?: unknown; service?: ServiceDetails } = {},
  ) {
    super(typeof message === 'string' ? message : message.text, { cause: options.cause });
    this.parts = typeof message === 'string' ? undefined : message.parts;
    this.name = 'CoreError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.traceId = options.traceId;
    this.status = options.status;
    this.service = options.service ?? {};
  }

  toBridgeError(): BridgeError {
    const error: BridgeError = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.traceId) error.traceId = this.traceId;
    if (this.parts?.some((part) => typeof part !== 'string')) error.parts = this.parts;
    return error;
  }
}
