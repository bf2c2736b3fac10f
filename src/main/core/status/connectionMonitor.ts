/**
 * Derives the connection state the status bar shows from the outcomes of real requests:
 * no extra health pings, so the figure costs no rate budget.
 */
import type { ConnectionState } from '../../../shared/viewModels';
import type { RequestOutcome } from '../net/requestOutcome';
import { serviceLabels } from '../net/serviceNames';

/** After this many transport failures in a row the services are considered unreachable. */
const OFFLINE_AFTER_FAILURES = 3;

export class ConnectionMonitor {
  private state: ConnectionState = 'connecting';
  private problem: string | null = null;
  private consecutiveFailures = 0;

  constructor(private readonly onChange: () => void) {}

  record(outcome: RequestOutcome): void {
    const before = `${this.state}|${this.problem}`;
    if (outcome.ok) {
      this.consecutiveFailures = 0;
      this.state = 'online';
      this.problem = null;
    } else if (outcome.transportFailure) {
      this.consecutiveFailures++;
      this.state = this.consecutiveFailures >= OFFLINE_AFTER_FAILURES ? 'offline' : 'degraded';
      this.problem = `The ${serviceLabels[outcome.service]} is not answering.`;
    }
    if (`${this.state}|${this.problem}` !== before) this.onChange();
  }

  snapshot(): { connection: ConnectionState; connectionProblem: string | null } {
    return { connection: this.state, connectionProblem: this.problem };
  }
}
