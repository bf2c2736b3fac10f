/**
 * Add or edit a network profile: label, the four service URLs, chain and contracts (chain 137's
 * public values to start from), the pinned perps signing domain and the rate budgets. Test
 * connection asks the services of what is in the form, saved or not; nothing is sent while a
 * field is wrong (a remote URL without https is refused here, before any request).
 */
import { useState } from 'react';
import type { ConnectionTestReport, NetworkProfile, NetworkProfilesView } from '../../../../shared/networkProfiles';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { ConnectionReport } from './ConnectionReport';
import { Field } from '../../../components/Field';
import { DraftField } from './DraftField';
import { CONTRACT_FIELDS, draftFrom, idFromLabel, pinsOtherDomain, profileFromDraft, SERVICES, withServedDomain, type DraftErrors, type ProfileDraft } from './profileDraft';

interface ProfileFormProps {
  /** The profile edited, or null to add one. */
  editing: NetworkProfile | null;
  takenIds: ReadonlySet<string>;
  onSaved: (view: NetworkProfilesView) => void;
  onCancel: () => void;
}

export function ProfileForm({ editing, takenIds, onSaved, onCancel }: ProfileFormProps) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFrom(editing));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [report, setReport] = useState<ConnectionTestReport | null>(null);
  const test = useBridgeAction(api.testNetworkProfile);
  const save = useBridgeAction(api.saveNetworkProfile);

  const update = (change: (d: ProfileDraft) => ProfileDraft) => setDraft((d) => change(d));
  const checked = (): NetworkProfile | null => {
    const id = editing ? editing.id : idFromLabel(draft.label, takenIds);
    const result = profileFromDraft({ ...draft, id });
    setErrors(result.errors ?? {});
    return result.profile;
  };
  const runTest = async () => {
    setReport(null);
    const profile = checked();
    if (!profile) return;
    const result = await test.run({ profile });
    if (result?.ok) setReport(result.value);
  };
  const runSave = async () => {
    const profile = checked();
    if (!profile) return;
    const result = await save.run({ profile });
    if (result?.ok) onSaved(result.value);
  };
  const field = (path: string) => errors[path] ?? null;
  const title = editing ? `Edit ${editing.label}` : 'Add a network';

  return (
    <form
      className="profile-form"
      data-testid="profile-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void runSave();
      }}
    >
      <h3 className="profile-form-title">{title}</h3>
      <div className="profile-grid">
        <DraftField label="Name" path="label" error={field('label')} value={draft.label} onChange={(v) => update((d) => ({ ...d, label: v }))} placeholder="Production" wide />
        {SERVICES.map(({ key, label, placeholder }) => (
          <DraftField
            key={key}
            label={`${label} URL`}
            path={`urls.${key}`}
            error={field(`urls.${key}`)}
            value={draft.urls[key]}
            placeholder={placeholder}
            onChange={(v) => update((d) => ({ ...d, urls: { ...d.urls, [key]: v } }))}
          />
        ))}
        <p className="profile-note wide">Remote services must use https://. Plain http:// is accepted only for this computer (127.0.0.1 or localhost).</p>
        <DraftField label="Chain id" path="chainId" error={field('chainId')} value={draft.chainId} onChange={(v) => update((d) => ({ ...d, chainId: v }))} inputMode="numeric" />
        <DraftField label="Order signing domain name" path="contracts.domainName" error={field('contracts.domainName')} value={draft.contracts.domainName} onChange={(v) => update((d) => ({ ...d, contracts: { ...d.contracts, domainName: v } }))} />
      </div>

      <details className="profile-details" open={CONTRACT_FIELDS.some(({ key }) => field(`contracts.${key}`))}>
        <summary>Contracts orders are signed for (chain 137’s public contracts to start from)</summary>
        <div className="profile-grid">
          {CONTRACT_FIELDS.map(({ key, label }) => (
            <DraftField key={key} label={label} path={`contracts.${key}`} error={field(`contracts.${key}`)} value={draft.contracts[key]} mono onChange={(v) => update((d) => ({ ...d, contracts: { ...d.contracts, [key]: v } }))} />
          ))}
        </div>
      </details>

      <fieldset className="profile-fieldset">
        <legend>
          <label className="checkbox-label">
            <input type="checkbox" checked={draft.pinPerps} onChange={(e) => update((d) => ({ ...d, pinPerps: e.target.checked }))} data-testid="profile-pin-perps" />
            Pin the perpetuals signing domain
          </label>
        </legend>
        {draft.pinPerps ? (
          <div className="profile-grid">
            <DraftField label="Domain name" path="perpsDomain.name" error={field('perpsDomain.name')} value={draft.perps.name} onChange={(v) => update((d) => ({ ...d, perps: { ...d.perps, name: v } }))} />
            <DraftField label="Domain version" path="perpsDomain.version" error={field('perpsDomain.version')} value={draft.perps.version} onChange={(v) => update((d) => ({ ...d, perps: { ...d.perps, version: v } }))} />
            <DraftField label="Domain chain id" path="perpsDomain.chainId" error={field('perpsDomain.chainId')} value={draft.perps.chainId} inputMode="numeric" onChange={(v) => update((d) => ({ ...d, perps: { ...d.perps, chainId: v } }))} />
            <DraftField label="Verifying contract" path="perpsDomain.verifyingContract" error={field('perpsDomain.verifyingContract')} value={draft.perps.verifyingContract} mono onChange={(v) => update((d) => ({ ...d, perps: { ...d.perps, verifyingContract: v } }))} />
          </div>
        ) : (
          <p className="profile-note">Without a pinned domain, perps proxies and transfers are refused on this network. Copy the values from the deployment’s documentation; the connection test compares them with what the exchange says.</p>
        )}
      </fieldset>

      <div className="profile-cell wide">
        <Field label="Perps instruments" error={field('perpsInstruments')} help="One per line: the instrument id, a space, its symbol (e.g. 1 BTC-PERP). The exchange has no route that lists them; copy them from the deployment’s documentation." errorTestId="profile-field-perpsInstruments-error">
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="input mono profile-instruments"
              rows={3}
              value={draft.instrumentsText}
              spellCheck={false}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => {
                const instrumentsText = event.target.value;
                update((d) => ({ ...d, instrumentsText }));
              }}
              data-testid="profile-field-perpsInstruments"
            />
          )}
        </Field>
      </div>

      <div className="profile-grid profile-budget">
        <DraftField label="Perps weight per window" path="weight" error={field('weight')} value={draft.weightLimit} inputMode="numeric" onChange={(v) => update((d) => ({ ...d, weightLimit: v }))} />
        <DraftField label="Window (seconds)" path="weightWindow" error={null} value={draft.weightWindowSeconds} inputMode="numeric" onChange={(v) => update((d) => ({ ...d, weightWindowSeconds: v }))} />
        <DraftField label="Use of each rate limit (%)" path="safety" error={field('safety')} value={draft.safetyPercent} inputMode="numeric" onChange={(v) => update((d) => ({ ...d, safetyPercent: v }))} help="The share of every documented limit Marketdesk allows itself (90 % leaves room for latency)." />
      </div>

      <div className="form-actions">
        <button type="button" className="button" onClick={() => void runTest()} disabled={test.pending} data-testid="profile-test">
          {test.pending ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="button button-primary" disabled={save.pending} data-testid="profile-save">
          {save.pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onCancel} data-testid="profile-cancel">
          Cancel
        </button>
        {Object.keys(errors).length > 0 ? (
          <span className="field-error" role="alert" data-testid="profile-form-problems">
            Fix the marked fields; nothing was sent.
          </span>
        ) : null}
      </div>
      <ActionError error={test.error ?? save.error} testId="profile-action-error" />
      {report ? <ConnectionReport report={report} /> : null}
      {report?.servedPerpsDomain && pinsOtherDomain(draft, report.servedPerpsDomain) ? (
        <div className="profile-served" data-testid="profile-served">
          <p>
            The perpetuals exchange serves the signing domain <span className="mono">{report.servedPerpsDomain.name}</span>, version{' '}
            <span className="mono">{report.servedPerpsDomain.version}</span>, contract <span className="mono">{report.servedPerpsDomain.verifyingContract}</span>; this form pins {draft.pinPerps ? 'other values' : 'none'}.
            Pin a domain you trust: the one in the deployment’s documentation. The instruments are not served; they stay as typed.
          </p>
          <button type="button" className="button button-small" onClick={() => update((d) => withServedDomain(d, report.servedPerpsDomain!))} data-testid="profile-use-served">
            Use the server’s values
          </button>
        </div>
      ) : null}
    </form>
  );
}
