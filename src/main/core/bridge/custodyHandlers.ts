/** Handlers of the custody channels: vault, accounts, order-book credentials, perps proxies. */
import type { AccountService } from '../accounts/accountService';
import type { ClobCredentialsService } from '../accounts/clobCredentialsService';
import type { PerpsProxyService } from '../accounts/perpsProxyService';
import type { VaultSession } from '../accounts/vaultSession';
import type { BridgeHandlers } from './handlerTypes';

export interface CustodyServices {
  session: VaultSession;
  accounts: AccountService;
  clobCredentials: ClobCredentialsService;
  perpsProxies: PerpsProxyService;
}

/** The vault and the account list: they live across network switches. */
export type VaultAccountChannel =
  | 'getVaultState' | 'createVault' | 'unlockVault' | 'unlockVaultWithDevice' | 'lockVault'
  | 'setRememberOnDevice' | 'setAutoLockMinutes' | 'reportUserActivity'
  | 'listAccounts' | 'createAccount' | 'importPrivateKeyAccount' | 'importKeystoreAccount'
  | 'addWatchOnlyAccount' | 'renameAccount' | 'reorderAccounts' | 'removeAccount' | 'switchAccount'
  | 'exportAccountKeystore' | 'revealAccountPrivateKey';

/** What a network's services issued (order-book API keys, perps proxies): bound to that network. */
export type IssuedCredentialChannel =
  | 'createClobCredentials' | 'deleteClobCredentials' | 'rotateClobCredentials'
  | 'createPerpsProxy' | 'deletePerpsProxy';

export function createCustodyHandlers(services: CustodyServices): Pick<BridgeHandlers, VaultAccountChannel | IssuedCredentialChannel> {
  return { ...createVaultAccountHandlers(services), ...createIssuedCredentialHandlers(services) };
}

export function createIssuedCredentialHandlers({ clobCredentials, perpsProxies }: Pick<CustodyServices, 'clobCredentials' | 'perpsProxies'>): Pick<BridgeHandlers, IssuedCredentialChannel> {
  return {
    createClobCredentials: async ({ nonce }) => clobCredentials.createOrDerive(nonce),
    deleteClobCredentials: async () => clobCredentials.delete(),
    rotateClobCredentials: async () => clobCredentials.rotate(),
    createPerpsProxy: async ({ label, expiryDays, referralCode }) => perpsProxies.create(label, expiryDays, referralCode || undefined),
    deletePerpsProxy: async ({ proxyAddress }) => perpsProxies.delete(proxyAddress),
  };
}

export function createVaultAccountHandlers({ session, accounts }: Pick<CustodyServices, 'session' | 'accounts'>): Pick<BridgeHandlers, VaultAccountChannel> {
  const wallet = (input: { label: string; signatureType: 'EOA' | 'PROXY' | 'SAFE' | 'DEPOSIT_WALLET'; funder?: string | undefined }) => ({
    label: input.label,
    signatureType: input.signatureType,
    funder: input.funder,
  });
  return {
    getVaultState: async () => session.state(),
    createVault: async ({ password }) => {
      await session.create(password);
      return session.state();
    },
    unlockVault: async ({ password }) => {
      await session.unlock(password);
      return session.state();
    },
    unlockVaultWithDevice: async () => {
      await session.unlockWithDevice();
      return session.state();
    },
    lockVault: async () => {
      session.lock('manual');
      return session.state();
    },
    setRememberOnDevice: async ({ enabled }) => {
      await session.setRememberOnDevice(enabled);
      return session.state();
    },
    setAutoLockMinutes: async ({ minutes }) => {
      session.setAutoLockMinutes(minutes);
      return session.state();
    },
    reportUserActivity: async () => ({ idleLockAt: session.touch() }),

    listAccounts: async () => accounts.state(),
    createAccount: async (input) => accounts.createWithNewKey(wallet(input)),
    importPrivateKeyAccount: async (input) => accounts.importPrivateKey(wallet(input), input.privateKey),
    importKeystoreAccount: async (input) => accounts.importKeystore(wallet(input), input.keystoreJson, input.keystorePassword),
    addWatchOnlyAccount: async (input) => accounts.addWatchOnly(wallet(input), input.address),
    renameAccount: async ({ accountId, label }) => accounts.rename(accountId, label),
    reorderAccounts: async ({ accountIds }) => accounts.reorder(accountIds),
    removeAccount: async ({ accountId, password }) => accounts.remove(accountId, password),
    switchAccount: async ({ accountId }) => accounts.switchTo(accountId),
    exportAccountKeystore: async ({ accountId, password }) => accounts.exportKeystore(accountId, password),
    revealAccountPrivateKey: async ({ accountId, password }) => accounts.revealPrivateKey(accountId, password),
  };
}
