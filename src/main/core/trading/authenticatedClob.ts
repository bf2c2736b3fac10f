/**
 * L2-authenticated calls to the order-book service for an account: the credentials are the
 * unlocked session's (decoded once per unlock, dropped on lock: ClobCredentialsService.signing),
 * refused before anything is sent when they were issued by another host than the network now
 * points at, the body is serialized once and the HMAC covers exactly those bytes (DESIGN
 * invariant 4), and every answer passes the exchange-mode tracker.
 */
import { CoreError } from '../coreError';
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import type { ClobCredentialsService } from '../accounts/clobCredentialsService';
import { l2Headers } from '../accounts/exchangeAuthHeaders';
import type { HttpClient, HttpRequest } from '../net/httpClient';
import type { ExchangeModeTracker } from './exchangeModeTracker';

export interface AuthenticatedRequest {
  method: HttpRequest['method'];
  path: string;
  query?: HttpRequest['query'];
  /** Serialized by the caller when the exact bytes matter; otherwise JSON.stringify once here. */
  body?: unknown;
  bodyText?: string;
  signal?: AbortSignal;
  extraWindows?: HttpRequest['extraWindows'];
  /** The budget queue's place: 'order' for placements, 'cancel' for cancels. */
  priority?: HttpRequest['priority'];
}

export class AuthenticatedClob {
  constructor(
    private readonly http: HttpClient,
    private readonly registry: AccountRegistry,
    private readonly credentials: ClobCredentialsService,
    private readonly modes: ExchangeModeTracker,
  ) {}

  /** The active account, with the reason spelled out when it cannot trade. */
  tradingAccount(): StoredAccount {
    const account = this.registry.requireActive();
    if (account.kind === 'watchOnly') {
      throw new CoreError('watch_only', `"${account.label}" is a watch-only address: trading needs an account with a key.`);
    }
    if (!account.clobCredentials) {
      throw new CoreError('invalid_input', `"${account.label}" has no order-book credentials yet: create them in Accounts.`);
    }
    return account;
  }

  credentialsOf(account: StoredAccount) {
    return this.credentials.signing(account);
  }

  async request<T>(account: StoredAccount, request: AuthenticatedRequest): Promise<T> {
    const creds = await this.credentials.signing(account);
    const untilLocked = this.credentials.lockSignal();
    const signal = request.signal ? AbortSignal.any([request.signal, untilLocked]) : untilLocked;
    const bodyText = request.bodyText ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    try {
      const answer = await this.http.requestJson<T>({
        service: 'clob',
        method: request.method,
        path: request.path,
        ...(request.query ? { query: request.query } : {}),
        ...(bodyText !== undefined ? { bodyText } : {}),
        signal,
        ...(request.extraWindows ? { extraWindows: request.extraWindows } : {}),
        ...(request.priority ? { priority: request.priority } : {}),
        headers: l2Headers(creds, account.address, request.method, request.path, bodyText),
        // Only to the order-book origin that issued these credentials (checked again before sending).
        boundOrigin: creds.origin,
      });
      return answer;
    } catch (error) {
      if (error instanceof CoreError) this.modes.recordFailure(account.address, error);
      throw error;
    }
  }
}
