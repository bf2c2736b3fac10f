/**
 * Public facts of the perps exchange: its identity, the collateral assets, the profile's
 * instruments and the weight budget with the weight in use now (the rate budget's own count).
 */
import type { PerpsAssetView, PerpsInfoView } from '../../../shared/perpsViews';
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';
import type { PerpsWeightBudget } from '../../../shared/protocol/perps';
import { CoreError } from '../coreError';
import type { PerpsAnswer } from './perpsAnswers';
import type { PerpsContext } from './perpsContext';

/** The rate-budget window every perps request counts its route weight against. */
export function perpsWeightWindow(budget: Readonly<PerpsWeightBudget>): EdgeWindow {
  return { scope: 'perps:weight', label: 'Perps request weight', limit: budget.limit, windowMs: budget.windowMs };
}

export const toAssetView = (a: PerpsAnswer<'assets'>[number]): PerpsAssetView => ({
  asset: a.asset, address: a.address, decimals: a.decimals, collateralRatio: a.collateral_ratio, withdrawalFee: a.withdrawal_fee,
});

export async function perpsInfo(context: PerpsContext): Promise<PerpsInfoView> {
  const [exchange, assets] = await Promise.all([context.client.exchange(), context.client.assets()]);
  const { limit, windowMs } = context.network.perpsWeightBudget;
  return {
    exchange: { name: exchange.name, version: exchange.version, chainId: exchange.chain_id, contract: exchange.contract },
    assets: assets.map(toAssetView),
    instruments: [...context.network.perpsInstruments],
    weightBudget: { limit, windowMs, used: context.budget.usedIn(perpsWeightWindow(context.network.perpsWeightBudget)) },
  };
}

/** One collateral asset by name (case-insensitive), or a refusal listing the known ones. */
export async function assetNamed(context: PerpsContext, name: string): Promise<PerpsAnswer<'assets'>[number]> {
  const assets = await context.client.assets();
  const found = assets.find((a) => a.asset.toLowerCase() === name.toLowerCase());
  if (found) return found;
  throw new CoreError('invalid_input', `The exchange has no collateral asset "${name}"; it lists ${assets.map((a) => a.asset).join(', ') || 'none'}.`);
}

export function symbolOf(context: PerpsContext, instrumentId: number): string | null {
  return context.network.perpsInstruments.find((i) => i.id === instrumentId)?.symbol ?? null;
}
