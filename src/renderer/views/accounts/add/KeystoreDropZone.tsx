/** Choose a keystore file with the picker or drop it here; the text is read in this window. */
import { useRef, useState, type DragEvent } from 'react';
import { shortAddress } from '../../../lib/address';
import { readKeystoreFile, type KeystoreFile } from './keystoreFile';

interface KeystoreDropZoneProps {
  file: KeystoreFile | null;
  problem: string | null;
  onFile: (file: KeystoreFile | null, problem: string | null) => void;
}

export function KeystoreDropZone({ file, problem, onFile }: KeystoreDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = async (chosen: File | undefined) => {
    if (!chosen) return;
    const read = await readKeystoreFile(chosen);
    if (read.ok) onFile(read.file, null);
    else onFile(null, read.problem);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };
  return (
    <div
      className="drop-zone"
      data-over={over || undefined}
      data-testid="keystore-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept=".json,application/json,text/plain"
        className="visually-hidden"
        data-testid="keystore-file-input"
        aria-label="Keystore file"
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = ''; // choosing the same file again should read it again
        }}
      />
      {file ? (
        <span className="drop-zone-file" data-testid="keystore-file-chosen">
          <strong>{file.fileName}</strong>
          <span className="muted num">{file.address ? ` · ${shortAddress(file.address)}` : ' · no address in file'}</span>
        </span>
      ) : (
        <span className="muted">Drop a keystore JSON file here, or</span>
      )}
      <button type="button" className="button" onClick={() => input.current?.click()} data-testid="keystore-choose">
        {file ? 'Choose another…' : 'Choose file…'}
      </button>
      {problem ? (
        <span className="field-error drop-zone-problem" role="alert" data-testid="keystore-file-problem">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
