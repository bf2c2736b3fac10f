/** The exchange and its collateral assets (`/v1/info/exchange`, `/v1/info/assets`) and the weight budget. */
import type { PerpsInfoView } from '../../../shared/perpsViews';
import { shortAddress } from '../../lib/address';
import { PerpsWeightLine } from './PerpsWeightLine';
import { formatAmount, formatNumber } from '../../lib/format';

export function AssetsTable({ info }: { info: PerpsInfoView }) {
  const { exchange, weightBudget } = info;
  return (
    <section className="an-card" aria-label="Collateral assets" data-testid="perps-assets">
      <div className="an-toolbar">
        <span className="pane-title">Collateral assets</span>
        <span className="muted an-legend" title={exchange.contract}>
          {exchange.name} {exchange.version} · chain {exchange.chainId}
        </span>
      </div>
      <div className="px-card-body">
        <table className="an-mini-table" data-testid="perps-assets-table">
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col">Address</th>
              <th scope="col" className="cell-num" title="Decimals of the asset's base unit">
                Dec
              </th>
              <th scope="col" className="cell-num" title="Collateral ratio: the share of the asset's value that counts as collateral">
                Ratio
              </th>
              <th scope="col" className="cell-num" title="Withdrawal fee, in the asset">
                Fee
              </th>
            </tr>
          </thead>
          <tbody>
            {info.assets.map((asset) => (
              <tr key={asset.asset} data-testid="perps-asset-row" data-asset={asset.asset}>
                <td>{asset.asset}</td>
                <td className="num" title={asset.address}>
                  {shortAddress(asset.address)}
                </td>
                <td className="cell-num num">{formatNumber(asset.decimals)}</td>
                <td className="cell-num num">{formatAmount(asset.collateralRatio)}</td>
                <td className="cell-num num">{formatAmount(asset.withdrawalFee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <PerpsWeightLine budget={weightBudget} />
      </div>
    </section>
  );
}
