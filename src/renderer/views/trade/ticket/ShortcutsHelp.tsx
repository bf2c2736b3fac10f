/** The "?" button that opens the shortcuts sheet (also on the ? key), and the sheet itself. */
import { Dialog } from '../../../components/Dialog';
import { shortcutGroups } from '../../../hooks/shortcutKeys';
import { useTradeDialogs } from '../tradeDialogs';

export function ShortcutsHelp() {
  const showHelp = useTradeDialogs((s) => s.showHelp);
  return (
    <button type="button" className="icon-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={showHelp} data-testid="shortcuts-help-button">
      ?
    </button>
  );
}

export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} size="wide" testId="shortcuts-help">
      <div className="shortcut-sheet">
        {shortcutGroups().map((group) => (
          <section key={group.title} className="shortcut-group">
            <h4 className="panel-title">{group.title}</h4>
            <dl>
              {group.keys.map(([keys, what]) => (
                <div key={keys} className="shortcut-row">
                  <dt>
                    <kbd>{keys}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="form-actions">
        <button type="button" className="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
