/**
 * Perpetuals proxy keys: Marketdesk generates the proxy's key, the account's owner key signs
 * `createProxy` (EIP-712 layout in src/signing/perpsOperations.ts), and the secret the
 * exchange returns is kept in the vault with the proxy key. The exchange has no route that lists
 * proxies, so the list is ours (per network: one service per network, reading and writing only
 * the vault records of its `networkId`). Operations are signed under the network profile's pinned domain,
 * after the server's `GET /v1/info/exchange` is seen to agree with it (perpsDomainPin.ts).
 */
import { randomInt } from 'node:crypto';
import { getAddress, type Hex } from 'viem';
import type { AccountsState } from '../../../shared/custodyViews';
import {
  perpsOperationTypedData,
  type PerpsOperationArgs,
  type PerpsOperationType,
} from '../../../signing/perpsOperations';
import { CoreError } from '../coreError';
import { addressOfPrivateKey, wipe } from '../custody';
import type { HttpClient } from '../net/httpClient';
import type { PerpsDomain } from '../settings/perpsDomainSchema';
import type { AccountRegistry, StoredAccount } from './accountRegistry';
import { newPrivateKey } from './newPrivateKey';
import { pinnedPerpsDomain } from './perpsDomainPin';
import { perpsProxyRecordId } from './recordIds';
import { withSigner } from './signingKeys';
import type { VaultSession } from './vaultSession';

export interface PerpsProxyServiceOptions {
  http: HttpClient;
  registry: AccountRegistry;
  session: VaultSession;
  /** The network profile the proxies are created on; the vault records carry it. */
  networkId: string;
  /** The active network profile's pinned perps signing domain (null: none pinned, refuse). */
  perpsDomain: () => Readonly<PerpsDomain> | null;
  onChange: () => void;
}

interface SignedOperationAnswer {
  status?: string;
  error?: string;
  secret?: string;
}

const DAY_MS = 86_400_000;

export class PerpsProxyService {
  constructor(private readonly options: PerpsProxyServiceOptions) {}

  /** Creates a proxy for the active account, or for `accountId` when given (rotation). */
  async create(label: string, expiryDays: number, referralCode?: string, accountId?: string): Promise<AccountsState> {
    const account = accountId ? this.options.registry.get(accountId) : this.options.registry.requireActive();
    const proxyKey = newPrivateKey();
    try {
      const proxy = await addressOfPrivateKey(proxyKey);
      const expiry = Date.now() + expiryDays * DAY_MS;
      const answer = await this.sendSigned(account, 'POST', 'createProxy', { owner: account.address as Hex, proxy, expiry }, {
        label,
        ...(referralCode ? { code: referralCode } : {}),
      });
      if (typeof answer.secret !== 'string' || answer.secret.length === 0) {
        throw new CoreError('bad_response', 'The perpetuals exchange created the proxy but returned no secret.');
      }
      await this.options.session.unlocked().putRecord({
        kind: 'perpsProxy',
        proxy: { proxyAddress: proxy, proxyPrivateKey: proxyKey, secret: answer.secret },
        accountId: account.id,
        network: this.options.networkId,
        id: perpsProxyRecordId(account.id, proxy, this.options.networkId),
      });
      this.options.registry.updateIssued(this.options.networkId, account.id, (a) => ({
        ...a,
        perpsProxies: [
          ...a.perpsProxies,
          { proxyAddress: proxy, label, expiresAt: expiry, createdAt: Date.now(), referralCode: referralCode ?? null },
        ],
      }));
    } finally {
      wipe(proxyKey);
    }
    return this.changed();
  }

  /** Deletes a proxy of the active account, or of `accountId` when given (rotation). */
  async delete(proxyAddress: string, accountId?: string): Promise<AccountsState> {
    const account = accountId ? this.options.registry.get(accountId) : this.options.registry.requireActive();
    const proxy = getAddress(proxyAddress);
    if (!this.options.registry.issued(this.options.networkId, account.id).perpsProxies.some((p) => p.proxyAddress.toLowerCase() === proxy.toLowerCase())) {
      throw new CoreError('not_found', `"${account.label}" has no perps proxy ${proxy}.`);
    }
    await this.sendSigned(account, 'DELETE', 'deleteProxy', { proxy });
    return this.forget(account.id, proxy);
  }

  /**
   * Drops a proxy from the vault and the account list without asking the exchange: for a proxy
   * the exchange no longer knows or has expired, which can sign nothing anyway.
   */
  async forget(accountId: string, proxyAddress: string): Promise<AccountsState> {
    const account = this.options.registry.get(accountId);
    const proxy = getAddress(proxyAddress);
    await this.options.session.unlocked().deleteRecord(perpsProxyRecordId(account.id, proxy, this.options.networkId));
    this.options.registry.updateIssued(this.options.networkId, account.id, (a) => ({
      ...a,
      perpsProxies: a.perpsProxies.filter((p) => p.proxyAddress.toLowerCase() !== proxy.toLowerCase()),
    }));
    return this.changed();
  }

  private async sendSigned<T extends PerpsOperationType>(
    account: StoredAccount,
    method: 'POST' | 'DELETE',
    type: T,
    args: PerpsOperationArgs[T],
    extra: Record<string, string> = {},
  ): Promise<SignedOperationAnswer> {
    // Checked on every operation, before the key is touched: the server behind the URL may change.
    // A signed write: both its requests go as `order`, ahead of the views' reads in the budget's queue.
    const served = await this.options.http.requestJson<unknown>({ service: 'perps', method: 'GET', path: '/v1/info/exchange', priority: 'order' });
    const info = pinnedPerpsDomain(this.options.perpsDomain(), served);
    const salt = randomInt(0, 2 ** 47);
    const ts = Date.now();
    const sig = await withSigner(this.options.session, account, (signer) =>
      // viem cannot infer the per-type table generically; the layout itself is fixed in src/shared.
      signer.signTypedData(perpsOperationTypedData(info, type, args, salt, ts) as unknown as Parameters<typeof signer.signTypedData>[0]),
    );
    const answer = await this.options.http.requestJson<SignedOperationAnswer>({
      service: 'perps',
      method,
      path: '/v1/account/proxy',
      bodyText: JSON.stringify({ op: { type, args }, sig, salt, ts, ...extra }),
      priority: 'order',
    });
    if (answer?.status !== 'ok') {
      throw new CoreError('service_error', `The perpetuals exchange refused ${type}: ${answer?.error ?? 'no reason given'}.`);
    }
    return answer;
  }

  private changed(): AccountsState {
    this.options.onChange();
    return this.options.registry.state();
  }
}
