/**
 * Export and import of profile files. Export writes every user profile to a JSON file (no
 * secrets in it) through a download; import reads a file the user picks and shows, per profile,
 * what was refused and why: an import lands whole or not at all.
 */
import { useRef, useState } from 'react';
import type { NetworkProfilesImportResult, NetworkProfilesView } from '../../../../shared/networkProfiles';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { formatNumber } from '../../../lib/format';

/** A file larger than this cannot be a profiles file (the import channel's bound). */
const MAX_FILE_CHARACTERS = 40_000;

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ProfilesTransfer({ view, onChanged }: { view: NetworkProfilesView; onChanged: (view: NetworkProfilesView) => void }) {
  const exporting = useBridgeAction(api.exportNetworkProfiles);
  const importing = useBridgeAction(api.importNetworkProfiles);
  const [replace, setReplace] = useState(false);
  const [outcome, setOutcome] = useState<NetworkProfilesImportResult | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const [savedTo, setSavedTo] = useState<string | null>(null);
  const runExport = async () => {
    setSavedTo(null);
    const result = await exporting.run({});
    if (!result?.ok) return;
    // Browser mode downloads the text; on the desktop main already saved the file.
    if (result.value.text !== null) download(result.value.fileName, result.value.text);
    else setSavedTo(result.value.savedTo);
  };
  const runImport = async (file: File) => {
    setOutcome(null);
    setFileProblem(null);
    if (file.size > MAX_FILE_CHARACTERS * 4) {
      setFileProblem(`${file.name} is too large to be a profiles file.`);
      return;
    }
    const result = await importing.run({ fileText: await file.text(), replaceExisting: replace });
    if (!result?.ok) return;
    setOutcome(result.value);
    if (result.value.imported.length > 0) onChanged(result.value.view);
  };

  return (
    <div className="profiles-transfer">
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void runExport()} disabled={view.profiles.length === 0 || exporting.pending} data-testid="profiles-export">
          Export profiles…
        </button>
        <button type="button" className="button" onClick={() => picker.current?.click()} disabled={importing.pending} data-testid="profiles-import">
          {importing.pending ? 'Importing…' : 'Import profiles…'}
        </button>
        <label className="checkbox-label">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} data-testid="profiles-import-replace" />
          Replace profiles with the same id
        </label>
        <input
          ref={picker}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Network profiles file to import"
          data-testid="profiles-import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void runImport(file);
          }}
        />
      </div>
      <ActionError error={exporting.error ?? importing.error} testId="profiles-transfer-error" />
      {savedTo ? <p className="import-outcome" role="status">Saved to {savedTo}.</p> : null}
      {fileProblem ? <p className="field-error" role="alert">{fileProblem}</p> : null}
      {outcome ? <ImportOutcome outcome={outcome} /> : null}
    </div>
  );
}

function ImportOutcome({ outcome }: { outcome: NetworkProfilesImportResult }) {
  if (outcome.fileProblem) {
    return <p className="import-outcome outcome-failed" role="alert" data-testid="import-outcome">{outcome.fileProblem}</p>;
  }
  if (outcome.refused.length === 0) {
    const n = outcome.imported.length;
    return <p className="import-outcome outcome-passed" role="status" data-testid="import-outcome">Imported {formatNumber(n)} {n === 1
 ? 'profile' : 'profiles'}.</p>;
  }
  return (
    <div className="import-outcome outcome-failed" role="alert" data-testid="import-outcome">
      <p>Nothing was imported: {outcome.refused.length === 1 ? 'one profile was' : `${formatNumber(outcome.refused.length)} profiles were`
} refused.</p>
      <ul className="import-refusals">
        {outcome.refused.map((refusal) => (
          <li key={refusal.position} data-testid="import-refusal">
            <strong>
              Profile {refusal.position}
              {refusal.label ? ` (${refusal.label})` : refusal.id ? ` (${refusal.id})` : ''}:
            </strong>{' '}
            {refusal.problems.join('; ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
