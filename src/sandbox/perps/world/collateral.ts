/**
 * Collateral assets of the sandbox perps exchange, as `GET /v1/info/assets` serves them, and
 * their USD prices over time. USDC is the world's collateral token (its address comes from the
 * seed); USDT and WETH have fixed addresses derived from their names. WETH follows the ETH
 * instrument's mark price; the stable coins are worth exactly 1 USD.
 */
import { getAddress, keccak256, toBytes, type Hex } from 'viem';
import type { PerpsCollateralAsset } from '../../../shared/protocol/perps';
import { instrumentSpec, markPrice } from './instruments';

export interface CollateralSpec extends PerpsCollateralAsset {
  /** The instrument whose mark prices the asset, or null for a USD stable coin (price 1). */
  priceInstrument: number | null;
  /** Collateral ratio as a number, for margin arithmetic. */
  ratio: number;
}

const derivedAddress = (name: string): Hex => getAddress(`0x${keccak256(toBytes(`marketdesk-sandbox-perps-collateral:${name}`)).slice(-40)}`);

/** The asset that funding, realised P&L and settlement use. */
export const SETTLEMENT_ASSET = 'USDC';

export function collateralAssets(usdcAddress: string): CollateralSpec[] {
  return [
    { asset: 'USDC', address: getAddress(usdcAddress), decimals: 6, collateral_ratio: '1', withdrawal_fee: '1', priceInstrument: null, ratio: 1 },
    { asset: 'USDT', address: derivedAddress('USDT'), decimals: 6, collateral_ratio: '0.98', withdrawal_fee: '1', priceInstrument: null, ratio: 0.98 },
    { asset: 'WETH', address: derivedAddress('WETH'), decimals: 18, collateral_ratio: '0.85', withdrawal_fee: '0.0005', priceInstrument: 2, ratio: 0.85 },
  ];
}

/** What `/v1/info/assets` lists: the spec's five fields only. */
export const publicAsset = ({ asset, address, decimals, collateral_ratio, withdrawal_fee }: CollateralSpec): PerpsCollateralAsset =>
  ({ asset, address, decimals, collateral_ratio, withdrawal_fee });

export function assetPrice(seed: number, asset: CollateralSpec, timeMs: number): number {
  if (asset.priceInstrument === null) return 1;
  const instrument = instrumentSpec(asset.priceInstrument);
  return instrument ? markPrice(seed, instrument, timeMs) : 1;
}
