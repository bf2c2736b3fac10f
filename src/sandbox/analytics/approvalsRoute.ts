/**
 * GET /v2/approvals: the served approval catalog for one wallet, in canonical order (collateral
 * first, then the conditional tokens; each for the exchange, the neg-risk exchange and the
 * neg-risk adapter), not paginated. Synthetic wallets carry seeded approval histories; a wallet
 * that traded on the sandbox shows the approvals its fills needed, set at its first fill.
 */
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../shared/orders/orderSchema';
import type { ApprovalRow } from '../../shared/protocol/analytics';
import { ok, type Reply } from '../http/reply';
import type { RequestContext } from '../http/router';
import { CHAIN_137_COLLATERAL, CHAIN_137_CONDITIONAL_TOKENS, CHAIN_137_NEG_RISK_ADAPTER } from './contracts';
import type { AnalyticsContext } from './context';
import { readUser } from './identifiers';
import { QueryParams } from './params';
import { hashString, mix } from './synthetic/mix';
import { historyWallet } from './synthetic/wallets';

const TOKENS = [
  { token: CHAIN_137_COLLATERAL, token_symbol: 'USDC.e', token_standard: 'ERC20' },
  { token: CHAIN_137_CONDITIONAL_TOKENS, token_symbol: 'CTF', token_standard: 'ERC1155' },
] as const;
const OPERATORS = [
  { operator: PUBLIC_CHAIN_137_CONTRACTS.exchange, operator_name: 'CTF Exchange' },
  { operator: PUBLIC_CHAIN_137_CONTRACTS.negRiskExchange, operator_name: 'Neg Risk CTF Exchange' },
  { operator: CHAIN_137_NEG_RISK_ADAPTER, operator_name: 'Neg Risk Adapter' },
] as const;

/** The catalog in canonical order. */
export const APPROVAL_CATALOG = TOKENS.flatMap((t) => OPERATORS.map((o) => ({ ...t, ...o })));

export function approvalsHandler(ctx: AnalyticsContext) {
  return (req: RequestContext): Reply => {
    const params = new QueryParams(req.query);
    const user = readUser(params, ctx.contracts);
    const synthetic = historyWallet(user);
    const feed = ctx.ledger.feed(user);
    const firstFillS = !synthetic && feed.count > 0 ? feed.ts(0) : null;
    const key = mix(ctx.world.seed >>> 0, hashString(user));
    const rows: ApprovalRow[] = APPROVAL_CATALOG.map((entry, i) => {
      const h = mix(key, i);
      const approved = synthetic ? h % 5 !== 0 : firstFillS !== null && entry.operator !== CHAIN_137_NEG_RISK_ADAPTER;
      const updatedAt = synthetic ? ctx.ledger.historyEndS - (h % (3 * 365 * 86_400)) : approved ? firstFillS : null;
      const erc20 = entry.token_standard === 'ERC20';
      return {
        token: entry.token.toLowerCase(), token_symbol: entry.token_symbol, token_standard: entry.token_standard,
        operator: entry.operator.toLowerCase(), operator_name: entry.operator_name, approved,
        // Unlimited approvals read as null (unavailable as a number would overflow any USD figure).
        allowance_usdc: erc20 ? (approved ? (synthetic && h % 3 === 0 ? 1_000 + (h % 50_000) : null) : 0) : null,
        updated_at: updatedAt,
      };
    });
    return ok({ data: rows });
  };
}
