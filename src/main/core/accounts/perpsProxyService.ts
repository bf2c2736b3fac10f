/**
 * Perpetuals proxy keys: Marketdesk generates the proxy's key, the account's owner key signs
 * `createProxy` (EIP-712 layout in src/signing/perpsOperations.ts), and the secret the
 * exchange returns is kept in the vault with the proxy key. The exchange has no route that lists
 * proxies, so the list is ours (per network: one service per network, reading and writing only
 * the vault records of its network). Operations are signed under the network profile's pinned domain,
 * after the server's `GET /v1/info/exchange` is seen to agree with it (perpsDomainPin.ts).
 * A proxy is bound to the perps exchange origin that created it (issuedOrigin.ts); creating one
 * off the sandbox first shows that host in main's own confirmation (issuanceConfirmation.ts).
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
import { confirmIssuance, type IssuanceGate } from './issuanceConfirmation';
import { issuerOf, type NetworkHosts } from './issuedOrigin';
import { newPrivateKey } from './newPrivateKey';
import { pinnedPerpsDomain } from './perpsDomainPin';
import { proxyOrigin } from './proxyKeys';
import { perpsProxyRecordId } from './recordIds';
import { withSigner } from './signingKeys';
import type { VaultSession } from './vaultSession';

export interface PerpsProxyServiceOptions {
  http: HttpClient;
  registry: AccountRegistry;
  session: VaultSession;
  /**
   * The network the proxies are created on: its id and its perps origin go into each record; its
   * pinned perps signing domain (null: none pinned, refuse) is what the owner key signs under.
   */
  network: NetworkHosts & { perpsDomain: Readonly<PerpsDomain> | null };
  /** Main's own confirmation, where the user sees the host that receives the createProxy signature. */
  issuance: IssuanceGate;
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
    const host = await confirmIssuance(this.options.issuance, {
      kind: 'perps-proxy',
      title: `Create the perps proxy “${label}”`,
      account,
      network: this.options.network,
      service: 'perps',
      held: this.issued(account).perpsProxies.map((p) => ({ what: `proxy “${p.label}”`, origin: p.origin })),
      details: [{ label: 'Expires in', value: `${expiryDays} days` }, ...(referralCode ? [{ label: 'Referral code', value: referralCode }] : [])],
    });
    const origin = issuerOf(this.options.network, 'perps');
    const proxyKey = newPrivateKey();
    try {
      const proxy = await addressOfPrivateKey(proxyKey);
      const expiry = Date.now() + expiryDays * DAY_MS;
      const answer = await this.sendSigned(account, 'POST', 'createProxy', { owner: account.address as Hex, proxy, expiry }, host, {
        label,
        ...(referralCode ? { code: referralCode } : {}),
      });
      if (typeof answer.secret !== 'string' || answer.secret.length === 0) {
        throw new CoreError('bad_response', 'The perpetuals exchange created the proxy but returned no secret.');
      }
      await this.options.session.unlocked().putRecord({
        kind: 'perpsProxy',
        proxy: { proxyAddress: proxy, proxyPrivateKey: proxyKey, secret: answer.secret },
        origin,
        accountId: account.id,
        network: this.networkId,
        id: perpsProxyRecordId(account.id, proxy, this.networkId),
      });
      this.options.registry.updateIssued(this.networkId, account.id, (a) => ({
        ...a,
        perpsProxies: [
          ...a.perpsProxies,
          { proxyAddress: proxy, label, expiresAt: expiry, createdAt: Date.now(), referralCode: referralCode ?? null, origin },
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
    if (!this.issued(account).perpsProxies.some((p) => p.proxyAddress.toLowerCase() === proxy.toLowerCase())) {
      throw new CoreError('not_found', `"${account.label}" has no perps proxy ${proxy}.`);
    }
    // Only the exchange that created the proxy is asked to delete it.
    const origin = await proxyOrigin(this.options.session, account, proxy, this.options.network);
    await this.sendSigned(account, 'DELETE', 'deleteProxy', { proxy }, origin);
    return this.forget(account.id, proxy);
  }

  /**
   * Drops a proxy from the vault and the account list without asking the exchange: for a proxy
   * the exchange no longer knows or has expired, which can sign nothing anyway.
   */
  async forget(accountId: string, proxyAddress: string): Promise<AccountsState> {
    const account = this.options.registry.get(accountId);
    const proxy = getAddress(proxyAddress);
    await this.options.session.unlocked().deleteRecord(perpsProxyRecordId(account.id, proxy, this.networkId));
    this.options.registry.updateIssued(this.networkId, account.id, (a) => ({
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
    origin: string,
    extra: Record<string, string> = {},
  ): Promise<SignedOperationAnswer> {
    // Checked on every operation, before the key is touched: the server behind the URL may change.
    // A signed write: both its requests go as `order`, ahead of the views' reads in the budget's queue.
    const served = await this.options.http.requestJson<unknown>({ service: 'perps', method: 'GET', path: '/v1/info/exchange', priority: 'order' });
    const info = pinnedPerpsDomain(this.options.network.perpsDomain, served);
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
      boundOrigin: origin,
    });
    if (answer?.status !== 'ok') {
      throw new CoreError('service_error', `The perpetuals exchange refused ${type}: ${answer?.error ?? 'no reason given'}.`);
    }
    return answer;
  }

  private get networkId(): string {
    return this.options.network.info.id;
  }

  private issued(account: StoredAccount) {
    return this.options.registry.issued(this.networkId, account.id);
  }

  private changed(): AccountsState {
    this.options.onChange();
    return this.options.registry.state();
  }
}
