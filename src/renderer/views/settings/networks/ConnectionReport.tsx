/**
 * A connection test's results: one row per service with its checks, each with a mark (passed,
 * warning, failed), what was asked and what came back, and the clock difference when read.
 */
import type { ConnectionCheck, ConnectionTestReport, ProfileService } from '../../../../shared/networkProfiles';
import { formatNumber, formatTime } from '../../../lib/format';
import { SERVICES } from './profileDraft';

const MARK: Record<ConnectionCheck['outcome'], string> = { passed: '✓', warning: '!', failed: '✕' };
const OUTCOME_WORD: Record<ConnectionCheck['outcome'], string> = { passed: 'Passed', warning: 'Warning', failed: 'Failed' };
const FAILURE_WORD: Record<NonNullable<ConnectionCheck['failure']>, string> = {
  dns: 'Host not found',
  refused: 'Connection refused',
  tls: 'Certificate refused',
  timeout: 'No answer in time',
  status: 'Error status',
  shape: 'Unexpected answer',
  network: 'Network error',
  mismatch: 'Domain mismatch',
};

function serviceOutcome(checks: ConnectionCheck[]): ConnectionCheck['outcome'] {
  if (checks.some((c) => c.outcome === 'failed')) return 'failed';
  return checks.some((c) => c.outcome === 'warning') ? 'warning' : 'passed';
}

export function ConnectionReport({ report }: { report: ConnectionTestReport }) {
  const failed = report.checks.filter((c) => c.outcome === 'failed').length;
  return (
    <div className="connection-report" data-testid="connection-report" data-passed={report.passed}>
      <p className={`connection-summary outcome-${report.passed ? 'passed' : 'failed'}`} data-testid="connection-summary">
        {report.passed
          ? `Every service of ${report.label} answered as expected.`
          : `${formatNumber(failed)} ${failed === 1 ? 'check' : 'checks'} failed for ${report.label}.`}{' '}
        <span className="muted">Tested at {formatTime(report.testedAt)}.</span>
      </p>
      <ul className="connection-services">
        {SERVICES.map(({ key, label }) => (
          <ServiceResult key={key} service={key} label={label} checks={report.checks.filter((c) => c.service === key)} />
        ))}
      </ul>
    </div>
  );
}

function ServiceResult({ service, label, checks }: { service: ProfileService; label: string; checks: ConnectionCheck[] }) {
  const outcome = serviceOutcome(checks);
  return (
    <li className={`connection-service outcome-${outcome}`} data-testid={`connection-service-${service}`} data-outcome={outcome}>
      <div className="connection-service-name">
        <span className="connection-mark" aria-hidden="true">{MARK[outcome]}</span>
        {label}
        <span className="visually-hidden"> {OUTCOME_WORD[outcome]}</span>
      </div>
      <ul className="connection-checks">
        {checks.map((check) => (
          <li key={check.call} className={`connection-check outcome-${check.outcome}`} data-testid="connection-check" data-outcome={check.outcome} data-failure={check.failure ?? ''}>
            <span className="connection-check-name">
              {check.name}
              <code className="connection-call">{check.call}</code>
            </span>
            <span className="connection-check-detail">
              {check.failure ? <strong>{FAILURE_WORD[check.failure]}: </strong> : null}
              {check.detail}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
