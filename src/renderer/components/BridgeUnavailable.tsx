/**
 * Full-page explanation shown instead of the app when the window cannot reach Marketdesk at all.
 * A half-drawn shell with empty panes would leave the user guessing; this says what to do.
 */
import type { ReactNode } from 'react';
import { bridgeLink } from '../bridge/api';
import type { BridgeBlocker } from '../stores/bridgeLinkStore';

const NEEDS_ADDRESS = (
  <p>
    This page needs the address printed by <code>npm run web</code>, including its access token. Open that
    address (it ends in <code>?token=…</code>) in this browser.
  </p>
);

const COPY: Record<Exclude<BridgeBlocker, null>, { title: string; body: ReactNode }> = {
  'needs-token': { title: 'No access token', body: NEEDS_ADDRESS },
  refused: {
    title: 'Marketdesk refused this page',
    body: (
      <>
        <p>The connection was refused: the access token is wrong or from an earlier run, or Marketdesk is not running.</p>
        {NEEDS_ADDRESS}
      </>
    ),
  },
  lost: {
    title: 'Lost the connection to Marketdesk',
    body: (
      <>
        <p>Marketdesk stopped answering and reconnecting did not work. If it was restarted, it printed a new address.</p>
        {NEEDS_ADDRESS}
      </>
    ),
  },
};

export function BridgeUnavailable({ blocker }: { blocker: Exclude<BridgeBlocker, null> }) {
  const copy = COPY[blocker];
  return (
    <main className="bridge-unavailable" data-testid="bridge-unavailable" data-reason={blocker}>
      <div className="bridge-unavailable-card">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Marketdesk
        </span>
        <h1>{copy.title}</h1>
        {copy.body}
        {blocker !== 'needs-token' && bridgeLink ? (
          <button type="button" className="button" onClick={() => bridgeLink?.reconnectNow()}>
            Try again
          </button>
        ) : null}
      </div>
    </main>
  );
}
