/** Label, signature type and — only for proxy, safe and deposit wallets — the funder address. */
import { SIGNATURE_TYPES } from '../../../../shared/custodyViews';
import { Field } from '../../../components/Field';
import { needsFunder, SIGNATURE_TYPE_HELP, SIGNATURE_TYPE_LABELS, WATCH_ONLY_TYPE_HELP } from '../../../lib/signatureTypes';
import { isSignatureType, type WalletFields } from './useWalletFields';

export function WalletFieldset({ fields, showProblems, watchOnly = false }: { fields: WalletFields; showProblems: boolean; watchOnly?: boolean }) {
  return (
    <>
      <Field label="Label" error={showProblems ? fields.problems.label : null}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="input"
            value={fields.label}
            onChange={(event) => fields.setLabel(event.target.value)}
            maxLength={60}
            placeholder="e.g. Main, Hedging, Cold"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            data-testid="account-label-input"
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Signature type" help={(watchOnly ? WATCH_ONLY_TYPE_HELP : SIGNATURE_TYPE_HELP)[fields.signatureType]}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className="select"
            value={fields.signatureType}
            onChange={(event) => {
              if (isSignatureType(event.target.value)) fields.setSignatureType(event.target.value);
            }}
            aria-describedby={describedBy}
            data-testid="account-signature-type"
          >
            {SIGNATURE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SIGNATURE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {needsFunder(fields.signatureType) ? (
        <Field label="Funder address" error={showProblems ? fields.problems.funder : null}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input num"
              value={fields.funder}
              onChange={(event) => fields.setFunder(event.target.value)}
              placeholder="0x…"
              maxLength={42}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              data-testid="account-funder-input"
            />
          )}
        </Field>
      ) : null}
    </>
  );
}
