/**
 * Settings → Updates: the installed version, where updates stand (or why they are off, said
 * plainly), what proves an update genuine on this computer, the feed in use (read-only: where it
 * comes from and how to change it outside the app; no bridge channel sets it), Check now, the
 * download's progress with Cancel, and Install when one is ready (the install asks first when
 * orders rest or heartbeats run: UpdateInstallFlow).
 */
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { UpdateInstallFlow } from '../../components/UpdateInstallFlow';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { formatDateTime } from '../../lib/format';
import { FEED_HOW_TO_CHANGE, OFF_REASON_TEXT, VERIFICATION_TEXT, feedText, updatePhaseText } from '../../lib/updateText';
import { useUpdateStore } from '../../stores/updateStore';
import { errorText } from '../../lib/errorText';

export function UpdatesSection() {
  const update = useUpdateStore((s) => s.update);
  const loadError = useUpdateStore((s) => s.loadError);
  const receive = useUpdateStore((s) => s.receive);
  const check = useBridgeAction(api.checkForUpdates);
  const download = useBridgeAction(api.downloadUpdate);
  const cancel = useBridgeAction(api.cancelUpdateDownload);

  const status = update?.status;
  const off = status?.phase === 'off' ? status.reason : null;
  const applied = (result: Awaited<ReturnType<typeof check.run>>) => {
    if (result?.ok) receive(result.value);
  };

  return (
    <section className="panel settings-section" data-testid="settings-updates" aria-labelledby="settings-updates-title">
      <header className="panel-header">
        <h2 className="panel-title" id="settings-updates-title">
          Updates
        </h2>
        <span className="panel-meta" data-testid="settings-updates-version">
          {update ? `Installed: ${update.currentVersion}` : ''}
        </span>
      </header>
      {loadError ? <p className="field-error">{errorText(loadError)}</p> : null}

      <div className="setting-row">
        <div className="setting-text">
          <span className="setting-name">Status</span>
          {off ? (
            <p className="setting-help update-off-reason" data-testid="settings-updates-off-reason" data-reason={off}>
              {OFF_REASON_TEXT[off]}
            </p>
          ) : update ? (
            <p className="setting-help">
              {update.lastCheckedAt ? `Last checked ${formatDateTime(update.lastCheckedAt)}.` : 'Marketdesk checks a minute after it starts, then every six hours.'}
              {update.installsOnQuit ? ' Nothing rests on the exchange, so quitting installs the downloaded update.' : ''}
            </p>
          ) : null}
        </div>
        <div className="setting-control update-controls">
          <span className="update-phase" data-testid="settings-updates-phase" data-phase={status?.phase ?? 'loading'}>
            {update ? updatePhaseText(update) : '…'}
          </span>
          {status?.phase === 'downloading' ? (
            <div className="update-progress" role="progressbar" aria-label="Update download" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(status.progress.fraction * 100)}>
              <span className="update-progress-fill" style={{ width: `${status.progress.fraction * 100}%` }}
 />
            </div>
          ) : null}
          <div className="update-buttons">
            {status?.phase === 'downloading' ? (
              <button type="button" className="button button-small" disabled={cancel.pending} onClick={() => void cancel.run({}).then(applied)} data-testid="settings-updates-cancel">
                Cancel download
              </button>
            ) : status?.phase === 'available' ? (
              <button type="button" className="button button-small" disabled={download.pending} onClick={() => void download.run({}).then(applied)} data-testid="settings-updates-download">
                Download
              </button>
            ) : status?.phase === 'ready' ? (
              <UpdateInstallFlow testId="settings-updates-install" />
            ) : null}
            <button
              type="button"
              className="button button-small"
              disabled={off !== null || !update || check.pending || status?.phase === 'checking' || status?.phase === 'downloading' || status?.phase === 'ready' || status?.phase === 'installing'}
              onClick={() => void check.run({}).then(applied)}
              data-testid="settings-updates-check"
            >
              Check now
            </button>
          </div>
          <ActionError error={check.error ?? download.error ?? cancel.error} testId="settings-updates-error" />
        </div>
      </div>

      <div className="setting-row">
        <div className="setting-text">
          <span className="setting-name">Verification</span>
          <p className="setting-help" data-testid="settings-updates-verification">
            {update?.verification ? VERIFICATION_TEXT[update.verification] : 'Nothing to verify: this copy does not install updates.'}
          </p>
        </div>
      </div>

      <div className="setting-row">
        <div className="setting-text">
          <span className="setting-name">Update feed</span>
          <p className="setting-help">
            The https address Marketdesk asks for new versions. In use:{' '}
            <span className="update-feed-in-use" data-testid="settings-updates-feed" data-source={update?.feed.source ?? 'loading'}>
              {update ? feedText(update) : '—'}
            </span>
          </p>
          {update ? (
            <p className="setting-help" data-testid="settings-updates-feed-how">
              {FEED_HOW_TO_CHANGE[update.feed.source]}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
