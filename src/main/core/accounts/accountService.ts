/**
 * Accounts: create, import, watch, rename, reorder, remove, switch, export and reveal. The
 * registry holds what may be seen while locked; the vault holds the keys.
 */
import { randomUUID } from 'node:crypto';
import { getAddress } from 'viem';
import type { AccountsState, KeystoreExportResult, SecretRevealResult, SignatureTypeName } from '../../../shared/custodyViews';
import { CoreError } from '../coreError';
import {
  addressOfPrivateKey,
  addressProblem,
  exportKeystoreV3,
  importKeystoreV3,
  parsePrivateKeyHex,
  wipe,
  type ScryptCost,
} from '../custody';
import type { AccountRegistry, StoredAccount } from './accountRegistry';
import { newPrivateKey } from './newPrivateKey';
import { signingKeyRecordId } from './recordIds';
import type { SecretPresenter } from './secretPresenter';
import type { VaultSession } from './vaultSession';

export interface WalletSettings {
  label: string;
  signatureType: SignatureTypeName;
  funder?: string | undefined;
}

export interface AccountServiceOptions {
  registry: AccountRegistry;
  session: VaultSession;
  presenter: SecretPresenter;
  onChange: () => void;
  /** After an account and its vault records are gone: services drop what they cached of it. */
  onRemoved?: (accountId: string) => void;
  /** scrypt cost of exported keystores; geth's standard unless a test asks for less. */
  keystoreKdf?: ScryptCost;
}

function checkedFunder(settings: WalletSettings): string | null {
  if (settings.signatureType === 'EOA') {
    if (settings.funder) throw new CoreError('invalid_input', 'An EOA account pays from its own address: leave the funder empty.');
    return null;
  }
  if (!settings.funder) {
    throw new CoreError('invalid_input', `A ${settings.signatureType} account needs the funder address that holds its funds.`);
  }
  return typedAddress(settings.funder, 'The funder address');
}

/**
 * An address the user typed, checksummed; refused with the reason when its EIP-55 checksum is
 * wrong (viem's getAddress would quietly re-case it and follow the mistyped wallet).
 */
function typedAddress(value: string, what: string): string {
  const problem = addressProblem(value, what);
  if (problem) throw new CoreError('invalid_input', problem);
  return getAddress(value);
}

export class AccountService {
  constructor(private readonly options: AccountServiceOptions) {}

  state(): AccountsState {
    return this.options.registry.state();
  }

  async createWithNewKey(settings: WalletSettings): Promise<AccountsState> {
    const key = newPrivateKey();
    try {
      return await this.addKeyAccount(settings, key);
    } finally {
      wipe(key);
    }
  }

  async importPrivateKey(settings: WalletSettings, privateKeyHex: string): Promise<AccountsState> {
    const key = parsePrivateKeyHex(privateKeyHex);
    try {
      return await this.addKeyAccount(settings, key);
    } finally {
      wipe(key);
    }
  }

  async importKeystore(settings: WalletSettings, keystoreJson: string, keystorePassword: string): Promise<AccountsState> {
    this.options.session.unlocked();
    // The keystore's scrypt/PBKDF2 runs through the process-wide KDF gate (one derivation at a
    // time); beyond its short queue the import is refused with `throttled`, not run alongside.
    const imported = await importKeystoreV3(keystoreJson, keystorePassword);
    try {
      return await this.addKeyAccount(settings, imported.privateKey);
    } finally {
      wipe(imported.privateKey);
    }
  }

  addWatchOnly(settings: WalletSettings, address: string): AccountsState {
    const funder = checkedFunder(settings);
    this.options.registry.add(this.newAccount(settings, typedAddress(address, 'The watched address'), 'watchOnly', funder));
    return this.changed();
  }

  rename(accountId: string, label: string): AccountsState {
    this.options.registry.update(accountId, (account) => ({ ...account, label }));
    return this.changed();
  }

  reorder(accountIds: readonly string[]): AccountsState {
    this.options.registry.reorder(accountIds);
    return this.changed();
  }

  switchTo(accountId: string): AccountsState {
    this.options.registry.setActive(accountId);
    return this.changed();
  }

  /**
   * Removes the account and every secret of it, after the password is given again (checked
   * against the unlocked vault in memory; `locked` while locked, whatever the password).
   */
  async remove(accountId: string, password: string): Promise<AccountsState> {
    this.options.registry.get(accountId);
    await this.options.session.confirmPassword(password);
    await this.options.session.unlocked().deleteRecordsOfAccount(accountId);
    this.options.registry.remove(accountId);
    this.options.onRemoved?.(accountId);
    return this.changed();
  }

  /**
   * Exports the key as keystore v3. The vault password is checked here; the keystore password
   * is asked by the presenter outside the renderer, which then calls `encrypt` once. The key is
   * read from the vault only then (and wiped right after), so nothing waits in memory while the
   * user types, and a vault locked in the meantime refuses the export.
   */
  async exportKeystore(accountId: string, password: string): Promise<KeystoreExportResult> {
    const account = this.keyAccount(accountId);
    await this.options.session.confirmPassword(password);
    const stamp = new Date().toISOString().replace(/:/g, '-');
    return this.options.presenter.offerKeystore({
      title: `Export "${account.label}" as keystore`,
      explanation: `The file is a standard Ethereum keystore (v3) for ${account.address}. Anyone with the file and its password controls the account.`,
      fileName: `UTC--${stamp}--${account.address.slice(2).toLowerCase()}.json`,
      encrypt: async (keystorePassword) => {
        const current = this.keyAccount(accountId);
        const record = await this.options.session.unlocked().getRecord(signingKeyRecordId(current.id));
        if (record.kind !== 'signingKey') throw new CoreError('internal', 'The account key record has the wrong kind.');
        try {
          const keystore = await exportKeystoreV3(record.privateKey, keystorePassword, this.options.keystoreKdf ? { scrypt: this.options.keystoreKdf } : {});
          return JSON.stringify(keystore);
        } finally {
          wipe(record.privateKey);
        }
      },
    });
  }

  async revealPrivateKey(accountId: string, password: string): Promise<SecretRevealResult> {
    const account = this.keyAccount(accountId);
    await this.options.session.confirmPassword(password);
    const record = await this.options.session.unlocked().getRecord(signingKeyRecordId(account.id));
    if (record.kind !== 'signingKey') throw new CoreError('internal', 'The account key record has the wrong kind.');
    try {
      return await this.options.presenter.present({
        title: `Private key of "${account.label}"`,
        explanation: `Anyone with this key controls ${account.address} and its funds. Do not share it or paste it into a website.`,
        secret: record.privateKey,
      });
    } finally {
      wipe(record.privateKey);
    }
  }

  private keyAccount(accountId: string): StoredAccount {
    const account = this.options.registry.get(accountId);
    if (account.kind === 'watchOnly') {
      throw new CoreError('watch_only', `"${account.label}" is a watch-only address: there is no key to export or reveal.`);
    }
    return account;
  }

  private async addKeyAccount(settings: WalletSettings, key: Uint8Array): Promise<AccountsState> {
    const funder = checkedFunder(settings);
    const vault = this.options.session.unlocked();
    const address = await addressOfPrivateKey(key);
    const account = this.newAccount(settings, address, 'key', funder);
    const existing = this.options.registry.findByAddress(address);
    if (existing) throw new CoreError('conflict', `The address ${address} is already in Marketdesk as "${existing.label}".`);
    const recordId = signingKeyRecordId(account.id);
    await vault.putRecord({ kind: 'signingKey', privateKey: key, accountId: account.id, id: recordId });
    try {
      this.options.registry.add(account);
    } catch (error) {
      // The pair is written key first; if the account cannot follow, the key goes too. Should
      // that fail as well (or the process die here), the next start adopts the key (reconcileAccounts).
      await vault.deleteRecord(recordId).catch(() => undefined);
      throw error;
    }
    return this.changed();
  }

  private newAccount(settings: WalletSettings, address: string, kind: StoredAccount['kind'], funder: string | null): StoredAccount {
    return {
      id: randomUUID(),
      label: settings.label,
      address,
      kind,
      signatureType: settings.signatureType,
      funder,
      createdAt: Date.now(),
      clobCredentials: null,
      perpsProxies: [],
    };
  }

  private changed(): AccountsState {
    this.options.onChange();
    return this.options.registry.state();
  }
}
