/**
 * One perps proxy: its state (active, expiring soon, expired), Rotate (a new proxy with the same
 * label, then the old one deleted) and Delete (confirmed in place).
 */
import type { PerpsProxyView } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { shortAddress } from '../../lib/address';
import { formatDay } from '../../lib/format';
import { perpsProxyState as proxyState } from '../../../shared/perpsViews';
import { PROXY_STATE_LABEL } from '../../lib/proxyState';
import { useAccountsStore } from '../../stores/accountsStore';

interface PerpsProxyRowProps {
  accountId: string;
  proxy: PerpsProxyView;
  now: number;
  disabled: boolean;
}

export function PerpsProxyRow({ accountId, proxy, now, disabled }: PerpsProxyRowProps) {
  const remove = useBridgeAction(api.deletePerpsProxy);
  const rotate = useBridgeAction(api.rotatePerpsProxy);
  const state = proxyState(proxy.expiresAt, now);
  const receive = (result: Awaited<ReturnType<typeof remove.run>>) => {
    if (result?.ok) useAccountsStore.getState().receive(result.value);
  };
  return (
    <tr data-testid="proxy-row" data-proxy-address={proxy.proxyAddress} data-state={state}>
      <td>{proxy.label}</td>
      <td className="num" title={proxy.proxyAddress}>
        {shortAddress(proxy.proxyAddress)}
      </td>
      <td className="num" data-expired={state === 'expired' || undefined}>
        {formatDay(proxy.expiresAt)}{' '}
        <span className={`proxy-state proxy-state-${state}`} data-testid="proxy-state">
          {PROXY_STATE_LABEL[state]}
        </span>
      </td>
      <td className="num">{proxy.referralCode ?? <span className="muted">—</span>}</td>
      <td className="cell-actions">
        <button
          type="button"
          className={state === 'active' ? 'button button-small' : 'button button-small button-primary'}
          disabled={disabled || rotate.pending}
          title="Create a new proxy with the same label, then delete this one"
          onClick={() =>
            // guardrails: a rotation creates a proxy; the first on a live network is explained first.
            void rotate.run({ accountId, proxyAddress: proxy.proxyAddress }).then(receive)
          }
          data-testid="proxy-rotate"
        >
          {rotate.pending ? 'Rotating…' : 'Rotate'}
        </button>
        <ConfirmButton
          label="Delete"
          question="Revoke this proxy?"
          confirmLabel="Delete proxy"
          disabled={disabled}
          pending={remove.pending}
          onConfirm={() => void remove.run({ proxyAddress: proxy.proxyAddress }).then(receive)}
          testId="proxy-delete"
        />
        <ActionError error={rotate.error} testId="proxy-rotate-error" purpose="Unlock the vault to rotate the proxy." />
        <ActionError error={remove.error} testId="proxy-delete-error" purpose="Unlock the vault to delete the proxy." />
      </td>
    </tr>
  );
}
