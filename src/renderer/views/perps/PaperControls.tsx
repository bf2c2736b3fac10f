/**
 * Sandbox only: credit paper collateral to the account on the perps exchange (the faucet) and set
 * a paper position at the current mark (signed size; 0 closes it and realises the P&L).
 */
import { useState } from 'react';
import type { PerpsInfoView } from '../../../shared/perpsViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { amountProblem } from '../../lib/perpsAmounts';
import { usePerpsStore } from '../../stores/perpsStore';
import { defaultAsset } from '../transfers/transferDraft';

const SIZE = /^-?\d{1,9}(\.\d{1,6})?$/;

export function PaperControls({ accountId, info }: { accountId: string; info: PerpsInfoView }) {
  const [asset, setAsset] = useState(defaultAsset(info.assets));
  const [amount, setAmount] = useState('1000');
  const [instrument, setInstrument] = useState(info.instruments[0]?.id ?? 0);
  const [size, setSize] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const faucet = useBridgeAction(api.requestSandboxPerpsFunds);
  const position = useBridgeAction(api.setSandboxPerpsPosition);
  const receive = usePerpsStore((s) => s.receiveAccount);

  const fund = async () => {
    const decimals = info.assets.find((a) => a.asset === asset)?.decimals ?? 6;
    const why = amountProblem(amount, decimals, asset);
    setProblem(why);
    if (why) return;
    const result = await faucet.run({ accountId, asset, amount: amount.trim() });
    if (result?.ok) receive(result.value);
  };
  const place = async () => {
    const why = SIZE.test(size.trim()) ? null : 'The size is a signed decimal with at most 6 decimals, e.g. 2 or -0.5 (0 closes).';
    setProblem(why);
    if (why) return;
    const result = await position.run({ accountId, instrumentId: instrument, size: size.trim() });
    if (result?.ok) receive(result.value);
  };

  return (
    <section className="panel px-paper" aria-label="Sandbox paper controls" data-testid="perps-paper">
      <header className="panel-header">
        <h3 className="panel-title">Sandbox: paper money</h3>
        <span className="panel-meta">not real funds</span>
      </header>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void fund();
        }}
      >
        <select className="select" aria-label="Faucet asset" value={asset} onChange={(e) => setAsset(e.target.value)} data-testid="perps-faucet-asset">
          {info.assets.map((a) => (
            <option key={a.asset} value={a.asset}>
              {a.asset}
            </option>
          ))}
        </select>
        <input className="input input-narrow num" aria-label="Faucet amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="perps-faucet-amount" />
        <button type="submit" className="button" disabled={faucet.pending} data-testid="perps-faucet-submit">
          {faucet.pending ? 'Crediting…' : 'Credit'}
        </button>
      </form>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void place();
        }}
      >
        <select className="select" aria-label="Position instrument" value={instrument} onChange={(e) => setInstrument(Number(e.target.value))} data-testid="perps-position-instrument">
          {info.instruments.map((i) => (
            <option key={i.id} value={i.id}>
              {i.symbol}
            </option>
          ))}
        </select>
        <input className="input input-narrow num" aria-label="Position size (signed)" value={size} onChange={(e) => setSize(e.target.value)} data-testid="perps-position-size" />
        <button type="submit" className="button" disabled={position.pending} data-testid="perps-position-submit">
          {position.pending ? 'Setting…' : 'Set position'}
        </button>
      </form>
      {problem ? (
        <p className="field-error" role="alert" data-testid="perps-paper-problem">
          {problem}
        </p>
      ) : null}
      <ActionError error={faucet.error ?? position.error} testId="perps-paper-error" />
    </section>
  );
}
