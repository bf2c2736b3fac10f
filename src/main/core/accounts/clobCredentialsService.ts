/**
 * Order-book API credentials of the active account: created (or, when the nonce was used
 * before, derived) with an L1 signature, kept whole in the vault, shown only as a masked hint.
 * One service per network: it reads and writes only the records of its `networkId` (an account's
 * credentials on the sandbox are not its credentials on another deployment).
 *
 * For L2-signed requests the secret is decoded once per unlocked session into a node:crypto
 * KeyObject (its bytes held by node:crypto, not scattered over the JS heap as one decrypted copy
 * per request) and kept in memory only while the vault is unlocked: every lock drops it, and a
 * locked vault refuses before any cached key is used.
 *
 * Credentials are bound to the origin of the order-book service that issued them (the record
 * carries it: issuedOrigin.ts) and are used against that origin only. The ClobAuth message names
 * no host, so an L1 signature is good at any service that sees it: before one is made off the
 * sandbox, main's own confirmation shows the host that will receive it.
 */
import type { AccountsState } from '../../../shared/custodyViews';
import { CoreError } from '../coreError';
import { maskSecret, type ClobCredentials } from '../custody';
import type { HttpClient } from '../net/httpClient';
import type { AccountRegistry, StoredAccount } from './accountRegistry';
import { l1Headers, l2Headers, type L2Credentials } from './exchangeAuthHeaders';
import { l2SecretKey } from '../../../signing/l2Hmac';
import { confirmIssuance, type IssuanceGate } from './issuanceConfirmation';
import { boundOrigin, issuerOf, type NetworkHosts } from './issuedOrigin';
import { clobCredentialsRecordId } from './recordIds';
import { withSigner } from './signingKeys';
import type { VaultSession } from './vaultSession';

export interface ClobCredentialsServiceOptions {
  http: HttpClient;
  registry: AccountRegistry;
  session: VaultSession;
  /** The network these credentials are issued on: its id and its order-book origin go into each record. */
  network: NetworkHosts & { chainId: number };
  /** Main's own confirmation, where the user sees the host an L1 signature goes to before it is made. */
  issuance: IssuanceGate;
  onChange: () => void;
}

/** L2 credentials with the one origin requests made with them may go to. */
export interface BoundL2Credentials extends L2Credentials {
  origin: string;
}

const isCredentials = (value: unknown): value is ClobCredentials =>
  typeof value === 'object' &&
  value !== null &&
  ['apiKey', 'secret', 'passphrase'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

export class ClobCredentialsService {
  /** account id → the L2 credentials of this unlocked session (the secret as a KeyObject). */
  private readonly session = new Map<string, BoundL2Credentials>();
  /**
   * Bumped whenever cached credentials stop being valid (lock, rotation, deletion, removal): a
   * read from the vault that was in flight across a bump is stale and must not be cached.
   */
  private epoch = 0;
  /** Aborted when the vault locks (then replaced): requests signed before a lock do not go out after it. */
  private untilLocked = new AbortController();

  constructor(private readonly options: ClobCredentialsServiceOptions) {
    options.session.onLocked(() => {
      this.invalidate();
      this.untilLocked.abort(new CoreError('locked', 'The vault was locked: the request was not sent.'));
      this.untilLocked = new AbortController();
    });
  }

  /**
   * A signal that aborts at the next lock. An L2 request can wait in the rate budget's queue after
   * its headers were made; without this it would reach the exchange while the vault is locked.
   */
  lockSignal(): AbortSignal {
    return this.untilLocked.signal;
  }

  /** Drops the cached credentials of one account, or of all. */
  private invalidate(accountId?: string): void {
    this.epoch++;
    if (accountId === undefined) this.session.clear();
    else this.session.delete(accountId);
  }

  /**
   * Create-or-derive (wire-formats.md): derive when the nonce was already used to create a key.
   * Also how credentials issued by another host are re-issued on the one the network now points at
   * (the new record replaces them; the old host is not asked to revoke anything).
   */
  async createOrDerive(nonce = 0): Promise<AccountsState> {
    const account = this.options.registry.requireActive();
    const origin = await this.confirmL1(account, nonce, 'Create or derive order-book credentials');
    const { chainId } = this.options.network;
    const credentials = await withSigner(this.options.session, account, async (signer) => {
      try {
        return await this.request('POST', '/auth/api-key', await l1Headers(signer, chainId, nonce), origin);
      } catch (error) {
        if (!(error instanceof CoreError) || error.status !== 400) throw error;
        return await this.request('GET', '/auth/derive-api-key', await l1Headers(signer, chainId, nonce), origin);
      }
    });
    await this.store(account, credentials, nonce);
    return this.changed();
  }

  /** New credentials under the next nonce, then the old key revoked at the service (the host that issued it). */
  async rotate(): Promise<AccountsState> {
    const account = this.options.registry.requireActive();
    const current = this.issued(account).clobCredentials;
    if (!current) throw new CoreError('not_found', `"${account.label}" has no order-book credentials to rotate; create them first.`);
    const old = await this.stored(account);
    const nonce = current.nonce + 1;
    const origin = await this.confirmL1(account, nonce, 'Rotate order-book credentials');
    const fresh = await withSigner(this.options.session, account, async (signer) =>
      this.request('POST', '/auth/api-key', await l1Headers(signer, this.options.network.chainId, nonce), origin),
    );
    await this.store(account, fresh, nonce);
    await this.revoke(account, old);
    return this.changed();
  }

  /** Before an L1 signature: main's confirmation (off the sandbox) shows the host it goes to; resolves with that origin. */
  private confirmL1(account: StoredAccount, nonce: number, title: string): Promise<string> {
    const current = this.issued(account).clobCredentials;
    return confirmIssuance(this.options.issuance, {
      kind: 'clob-credentials',
      title,
      account,
      network: this.options.network,
      service: 'clob',
      held: current ? [{ what: `credentials ${current.apiKeyHint}`, origin: current.origin }] : [],
      details: [
        { label: 'Nonce', value: String(nonce) },
        { label: 'Why it matters', value: "The signature names no host: whoever receives it can ask any exchange that trusts it for this account's API keys." },
      ],
    });
  }

  /** Drops the decoded credentials of a removed account (they would otherwise wait for the next lock). */
  forget(accountId: string): void {
    this.invalidate(accountId);
  }

  /** Revokes the key at the service and forgets it here. */
  async delete(): Promise<AccountsState> {
    const account = this.options.registry.requireActive();
    if (!this.issued(account).clobCredentials) throw new CoreError('not_found', `"${account.label}" has no order-book credentials.`);
    await this.revoke(account, await this.stored(account));
    this.invalidate(account.id);
    await this.options.session.unlocked().deleteRecord(this.recordId(account));
    this.invalidate(account.id);
    this.options.registry.updateIssued(this.networkId, account.id, (issued) => ({ ...issued, clobCredentials: null }));
    return this.changed();
  }

  /**
   * The credentials of an account for L2-authenticated calls: read from the vault and decoded
   * once per unlocked session. Refuses with "locked" while the vault is locked.
   */
  async signing(account: StoredAccount): Promise<BoundL2Credentials> {
    const vault = this.options.session.unlocked();
    const cached = this.session.get(account.id);
    if (cached) return cached;
    const epoch = this.epoch;
    const record = await vault.getRecord(this.recordId(account));
    if (record.kind !== 'clobCredentials' || record.network !== this.networkId) {
      throw new CoreError('internal', 'The credentials record has the wrong kind or network.');
    }
    // Issued by another host than the network now points at: refused before anything is decoded or sent.
    const origin = boundOrigin(record.origin, this.options.network, 'clob', 'credentials');
    // The vault may have locked while the record was read: then nothing is kept.
    this.options.session.unlocked();
    // Rotated, deleted or removed meanwhile: what was read may be the old key; read again.
    if (epoch !== this.epoch) return this.signing(account);
    const { apiKey, passphrase, secret } = record.credentials;
    const credentials: BoundL2Credentials = { apiKey, passphrase, secret: l2SecretKey(secret), origin };
    this.session.set(account.id, credentials);
    return credentials;
  }

  /** The stored credentials of an account and the origin they may be used at (for rotation and deletion). */
  private async stored(account: StoredAccount): Promise<ClobCredentials & { origin: string }> {
    const record = await this.options.session.unlocked().getRecord(this.recordId(account));
    if (record.kind !== 'clobCredentials' || record.network !== this.networkId) {
      throw new CoreError('internal', 'The credentials record has the wrong kind or network.');
    }
    return { ...record.credentials, origin: boundOrigin(record.origin, this.options.network, 'clob', 'credentials') };
  }

  private async revoke(account: StoredAccount, credentials: ClobCredentials & { origin: string }): Promise<void> {
    await this.options.http.requestJson({
      service: 'clob',
      method: 'DELETE',
      path: '/auth/api-key',
      headers: l2Headers(
        { apiKey: credentials.apiKey, passphrase: credentials.passphrase, secret: l2SecretKey(credentials.secret) },
        account.address,
        'DELETE',
        '/auth/api-key',
        undefined,
      ),
      boundOrigin: credentials.origin,
    });
  }

  private async request(method: 'GET' | 'POST', path: string, headers: Record<string, string>, origin: string): Promise<ClobCredentials> {
    const answer = await this.options.http.requestJson<unknown>({ service: 'clob', method, path, headers, boundOrigin: origin });
    if (!isCredentials(answer)) {
      throw new CoreError('bad_response', `The order-book service answered ${method} ${path} without apiKey, secret and passphrase.`);
    }
    return { apiKey: answer.apiKey, secret: answer.secret, passphrase: answer.passphrase };
  }

  private async store(account: StoredAccount, credentials: ClobCredentials, nonce: number): Promise<void> {
    const origin = issuerOf(this.options.network, 'clob');
    this.invalidate(account.id);
    await this.options.session.unlocked().putRecord({
      kind: 'clobCredentials',
      credentials,
      origin,
      accountId: account.id,
      network: this.networkId,
      id: this.recordId(account),
      replace: true,
    });
    // Again after the write: a read that began before it finished may hold the old key.
    this.invalidate(account.id);
    this.options.registry.updateIssued(this.networkId, account.id, (issued) => ({
      ...issued,
      clobCredentials: { apiKeyHint: maskSecret(credentials.apiKey), nonce, createdAt: Date.now(), origin },
    }));
  }

  private get networkId(): string {
    return this.options.network.info.id;
  }

  /** What this network's services issued to the account (its credentials hint and nonce here). */
  private issued(account: StoredAccount) {
    return this.options.registry.issued(this.networkId, account.id);
  }

  private recordId(account: StoredAccount): string {
    return clobCredentialsRecordId(account.id, this.networkId);
  }


  private changed(): AccountsState {
    this.options.onChange();
    return this.options.registry.state();
  }
}
