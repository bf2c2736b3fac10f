/**
 * The sandbox's loopback admin routes, offered only on the Sandbox network: paper funds for an
 * account, and the exchange modes and address restrictions, so users (and tests) can see how the
 * app behaves in each. On a real network these channels refuse.
 */
import type { ExchangeMode } from '../../../shared/tradingViews';
import { CoreError } from '../coreError';
import type { HttpClient } from '../net/httpClient';

export class SandboxControls {
  constructor(
    private readonly http: HttpClient,
    private readonly isSandbox: () => boolean,
  ) {}

  async fund(address: string, amount: string): Promise<void> {
    await this.post('/sandbox/faucet', { address, amount });
  }

  /**
   * Tells the sandbox which funder a signer's balance reads find for its wallet type (the public
   * exchange knows each wallet from its owner; the sandbox learns it from orders or from here).
   */
  async linkFunder(signer: string, funder: string, signatureType: 1 | 2 | 3): Promise<void> {
    await this.post('/sandbox/funder', { signer, funder, signatureType });
  }

  async setMode(mode: Exclude<ExchangeMode, 'unknown'>, retryAfterSeconds?: number): Promise<void> {
    await this.post('/sandbox/mode', { mode, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
  }

  async restrict(address: string, restriction: 'none' | 'closed-only' | 'banned'): Promise<void> {
    await this.post('/sandbox/address', { address, restriction });
  }

  private async post(path: string, body: unknown): Promise<void> {
    if (!this.isSandbox()) throw new CoreError('unavailable', 'Sandbox controls work only on the Sandbox network.');
    await this.http.requestJson({ service: 'clob', method: 'POST', path, bodyText: JSON.stringify(body) });
  }
}
