/**
 * Which money is at stake, wherever an operation is prepared: "LIVE · <network>" in the live
 * colour on any network that is not the sandbox, a calm "Sandbox · paper" on the sandbox. One
 * component for the title bar, the order ticket, the perps forms and the confirmations, so the
 * wording and colour never drift apart.
 */
import { useAppStatusStore } from '../stores/appStatusStore';

interface NetworkBadgeProps {
  testId: string;
  /** Smaller type inside forms and dialogs. */
  size?: 'normal' | 'small';
}

export function NetworkBadge({ testId, size = 'normal' }: NetworkBadgeProps) {
  const network = useAppStatusStore((s) => s.status?.network ?? null);
  if (!network) return null;
  const live = !network.isSandbox;
  return (
    <span
      className={`network-badge network-badge-${live ? 'live' : 'sandbox'}${size === 'small' ? ' network-badge-small' : ''}`}
      data-testid={testId}
      data-live={live ? 'true' : 'false'}
      title={live ? `Orders and transfers on ${network.label} move real money` : 'Paper trading against the embedded sandbox exchange'}
    >
      {live ? `LIVE · ${network.label}` : 'Sandbox · paper'}
    </span>
  );
}

/** "LIVE · Production" or "Sandbox · paper", for sentences and dialog rows. */
export const networkWording = (network: { label: string; isSandbox: boolean } | null): string =>
  network === null ? '' : network.isSandbox ? 'Sandbox · paper' : `LIVE · ${network.label}`;
