/** One perps proxy, with delete (confirmed in place). */
import type { PerpsProxyView } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { shortAddress } from '../../lib/address';
import { formatDay } from '../../lib/format';
import { useAccountsStore } from '../../stores/accountsStore';

export function PerpsProxyRow({ proxy, disabled }: { proxy: PerpsProxyView; disabled: boolean }) {
  const remove = useBridgeAction(api.deletePerpsProxy);
  const expired = proxy.expiresAt <= Date.now();
  return (
    <tr data-testid="proxy-row" data-proxy-address={proxy.proxyAddress}>
      <td>{proxy.label}</td>
      <td className="num" title={proxy.proxyAddress}>
        {shortAddress(proxy.proxyAddress)}
      </td>
      <td className="num" data-expired={expired || undefined}>
        {formatDay(proxy.expiresAt)}
        {expired ? <span className="badge badge-watch"> EXPIRED</span> : null}
      </td>
      <td className="num">{proxy.referralCode ?? <span className="muted">—</span>}</td>
      <td className="cell-actions">
        <ConfirmButton
          label="Delete"
          question="Revoke this proxy?"
          confirmLabel="Delete proxy"
          disabled={disabled}
          pending={remove.pending}
          onConfirm={() =>
            void remove.run({ proxyAddress: proxy.proxyAddress }).then((result) => {
              if (result?.ok) useAccountsStore.getState().receive(result.value);
            })
          }
          testId="proxy-delete"
        />
        <ActionError error={remove.error} testId="proxy-delete-error" purpose="Unlock the vault to delete the proxy." />
      </td>
    </tr>
  );
}
