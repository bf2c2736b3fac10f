/**
 * Names why a connection-test request failed, in the terms a user can act on: the host name does
 * not resolve (DNS), nothing listens (refused), the certificate is not trusted (TLS, saying which
 * problem), no answer in time, an HTTP status, or an answer of the wrong shape. TLS problems are
 * reported, never worked around: the test uses the same certificate checks as every request.
 */
import type { ConnectionFailureKind } from '../../../shared/networkProfiles';
import { CoreError } from '../coreError';

export interface ClassifiedFailure {
  kind: ConnectionFailureKind;
  detail: string;
}

/** Node's TLS verification codes, said plainly. */
const TLS_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate was not issued by a trusted authority (the chain is incomplete)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the certificate was not issued by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT: 'the certificate was not issued by a trusted authority',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for a different host name',
  CERT_REVOKED: 'the certificate was revoked',
  CERT_SIGNATURE_FAILURE: 'the certificate signature does not verify',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS on this port',
  EPROTO: 'the TLS handshake failed',
};

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

/** The innermost error code of a fetch failure (fetch → undici → socket or TLS error). */
function rootCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !(current instanceof CoreError)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A failure of the HTTP client (a CoreError carrying the transport error as its cause). */
export function classifyFailure(error: unknown, origin: string): ClassifiedFailure {
  if (error instanceof CoreError) {
    if (error.code === 'timeout') return { kind: 'timeout', detail: `${origin} gave no answer in time.` };
    if (error.status !== undefined) return { kind: 'status', detail: `${origin} answered HTTP ${error.status}: ${error.service.message ?? 'no message'}.` };
    if (error.code === 'bad_response') return { kind: 'shape', detail: `${origin} answered something that is not the expected JSON.` };
  }
  const code = rootCode(error);
  if (code && DNS_CODES.has(code)) return { kind: 'dns', detail: `The host name of ${origin} does not resolve (DNS ${code}).` };
  if (code === 'ECONNREFUSED') return { kind: 'refused', detail: `Nothing accepts connections at ${origin} (connection refused).` };
  if (code && (TLS_PROBLEMS[code] || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT'))) {
    const problem = TLS_PROBLEMS[code] ?? 'the secure connection could not be verified';
    return { kind: 'tls', detail: `The secure connection to ${origin} was refused: ${problem} (${code}). Marketdesk never skips certificate checks.` };
  }
  if (code === 'ECONNRESET') return { kind: 'network', detail: `${origin} closed the connection before answering.` };
  return { kind: 'network', detail: `${origin} could not be reached (${code ?? 'network error'}).` };
}
