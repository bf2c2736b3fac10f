/** The strength bar, its word and the most useful hint, under a new-password field. */
import type { PasswordStrength } from '../../lib/passwordStrength';

export function PasswordStrengthMeter({ strength, empty }: { strength: PasswordStrength; empty: boolean }) {
  // Even "very weak" lights one (red) segment, so the bar never looks like it did not react.
  const lit = empty ? 0 : Math.max(1, strength.score);
  return (
    <div className="strength" data-score={empty ? 'empty' : strength.score} data-testid="password-strength">
      <div className="strength-bar" aria-hidden="true">
        {[0, 1, 2, 3].map((segment) => (
          <span key={segment} className="strength-segment" data-on={lit > segment ? 'true' : 'false'} />
        ))}
      </div>
      <div className="strength-text" aria-live="polite">
        {empty ? (
          <span className="muted">At least 8 characters. A long passphrase of unrelated words is best.</span>
        ) : (
          <>
            <strong className="strength-label" data-testid="password-strength-label">
              {strength.label}
            </strong>
            {strength.hints[0] ? <span className="muted"> · {strength.hints[0]}</span> : null}
          </>
        )}
      </div>
    </div>
  );
}
