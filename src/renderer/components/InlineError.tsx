/** A failed call, said plainly where its data would be, with a way to try again. */
import type { BridgeError } from '../../shared/result';
import { errorText } from '../lib/errorText';

interface InlineErrorProps {
  /** What we were trying to do, e.g. "Could not load events". */
  what: string;
  error: BridgeError;
  onRetry: () => void;
}

export function InlineError({ what, error, onRetry }: InlineErrorProps) {
  return (
    <div className="inline-error" role="alert" data-testid="inline-error" data-code={error.code}>
      <div className="inline-error-text">
        <strong>{what}.</strong> {errorText(error)}
      </div>
      <button type="button" className="button" onClick={onRetry} data-testid="retry-button">
        Retry
      </button>
    </div>
  );
}
