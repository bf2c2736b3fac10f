/**
 * A view's chunk could not be downloaded (the web host restarted, the network dropped): say so
 * and offer to try again, instead of a blank window. Switching views resets it (App keys it).
 */
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

export class ViewLoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="view view-load-failed" data-testid="view-load-failed" role="alert">
        <p>This view could not be loaded. Check that Marketdesk is still running, then reload the window.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}
