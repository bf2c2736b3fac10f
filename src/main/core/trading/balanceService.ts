/**
 * Collateral and outcome-token balances with their allowances, read with L2 auth. The exchange
 * answers in 6-decimal base units; views carry exact decimals. A stale balance after a fill is
 * fixed by `/balance-allowance/update` (wire-formats.md), which `refresh` calls first.
 */
import type { SignatureTypeName } from '../../../shared/custodyViews';
import type { ExchangeBalance } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { AuthenticatedClob } from './authenticatedClob';
import { baseUnitsToDecimal } from './ticketAmounts';

/**
 * The spec allows only `EOA`, `SVC_PROXY` and `SAFE_WALLET` on balance-allowance. A deposit
 * wallet (type 3) is, like a safe, a contract wallet that holds the funds and validates orders
 * through ERC-1271, so its balance is read as `SAFE_WALLET` (docs/decisions/).
 */
export const SIGNATURE_TYPE_PARAM: Record<SignatureTypeName, 'EOA' | 'SVC_PROXY' | 'SAFE_WALLET'> = {
  EOA: 'EOA',
  PROXY: 'SVC_PROXY',
  SAFE: 'SAFE_WALLET',
  DEPOSIT_WALLET: 'SAFE_WALLET',
};

interface BalanceAnswer {
  balance?: unknown;
  allowance?: unknown;
}

const units = (value: unknown): bigint => {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n;
  } catch {
    return 0n;
  }
};

export class BalanceService {
  private readonly latest = new Map<string, ExchangeBalance>();

  constructor(
    private readonly clob: AuthenticatedClob,
    private readonly onChange: (accountId: string, balance: ExchangeBalance) => void,
  ) {}

  cached(accountId: string): ExchangeBalance | undefined {
    return this.latest.get(accountId);
  }

  async read(account: StoredAccount, tokenId?: string): Promise<ExchangeBalance> {
    const collateral = await this.fetch(account, '/balance-allowance', 'COLLATERAL');
    const conditional = tokenId ? await this.fetch(account, '/balance-allowance', 'CONDITIONAL', tokenId) : null;
    const view: ExchangeBalance = {
      collateral,
      conditional: conditional && tokenId ? { tokenId, ...conditional } : null,
      updatedAt: Date.now(),
    };
    const before = this.latest.get(account.id);
    this.latest.set(account.id, view);
    if (JSON.stringify({ ...before, updatedAt: 0 }) !== JSON.stringify({ ...view, updatedAt: 0 })) this.onChange(account.id, view);
    return view;
  }

  /** Shares held of one outcome token, read now (the risk checks' position; the cached view is left as it is). */
  async shares(account: StoredAccount, tokenId: string): Promise<string> {
    return (await this.fetch(account, '/balance-allowance', 'CONDITIONAL', tokenId)).balance;
  }

  async refresh(account: StoredAccount, tokenId?: string): Promise<ExchangeBalance> {
    await this.fetch(account, '/balance-allowance/update', 'COLLATERAL');
    if (tokenId) await this.fetch(account, '/balance-allowance/update', 'CONDITIONAL', tokenId);
    return this.read(account, tokenId);
  }

  private async fetch(account: StoredAccount, path: string, assetType: 'COLLATERAL' | 'CONDITIONAL', tokenId?: string) {
    const answer = await this.clob.request<BalanceAnswer>(account, {
      method: 'GET',
      path,
      query: { asset_type: assetType, signature_type: SIGNATURE_TYPE_PARAM[account.signatureType], ...(tokenId ? { token_id: tokenId } : {}) },
    });
    return { balance: baseUnitsToDecimal(units(answer?.balance)), allowance: baseUnitsToDecimal(units(answer?.allowance)) };
  }
}
