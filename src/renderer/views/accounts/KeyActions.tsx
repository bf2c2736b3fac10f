/** Back up or look at the account's key: export as keystore, reveal (both ask the password again). */
import { useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import { BlockedNote } from '../../components/BlockedNote';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { ExportKeystoreDialog } from './ExportKeystoreDialog';
import { RevealKeyDialog } from './RevealKeyDialog';
import { signingBlock } from './signingBlock';

export function KeyActions({ account, onRemove }: { account: AccountView; onRemove: () => void }) {
  const lock = useVaultStore(selectLockStatus);
  const block = signingBlock(account, lock, 'export or reveal the key');
  const [open, setOpen] = useState<'export' | 'reveal' | null>(null);
  return (
    <section className="panel" data-testid="key-panel" aria-labelledby="key-panel-title">
      <header className="panel-header">
        <h3 className="panel-title" id="key-panel-title">
          Key
        </h3>
        <span className="panel-meta">{account.kind === 'key' ? 'held in the encrypted vault' : 'none — watch-only'}</span>
      </header>
      {block ? <BlockedNote kind={block.kind} reason={block.reason} purpose="Unlock the vault to back up the key." testId="key-blocked" /> : null}
      <div className="panel-actions">
        <button type="button" className="button" disabled={Boolean(block)} onClick={() => setOpen('export')} data-testid="key-export">
          Export keystore…
        </button>
        <button type="button" className="button" disabled={Boolean(block)} onClick={() => setOpen('reveal')} data-testid="key-reveal">
          Reveal private key…
        </button>
        <span className="panel-actions-spacer" />
        <button type="button" className="button button-danger-quiet" onClick={onRemove} data-testid="account-detail-remove">
          Remove account…
        </button>
      </div>
      {open === 'export' ? <ExportKeystoreDialog account={account} onClose={() => setOpen(null)} /> : null}
      {open === 'reveal' ? <RevealKeyDialog account={account} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
