/** Says when the perps exchange's info (assets, instruments, budget) could not be read, with Retry. */
import { InlineError } from '../../components/InlineError';
import { usePerpsStore } from '../../stores/perpsStore';

export function PerpsInfoError() {
  const infoError = usePerpsStore((s) => s.infoError);
  const loadInfo = usePerpsStore((s) => s.loadInfo);
  return infoError ? <InlineError what="Could not read the perps exchange" error={infoError} onRetry={() => void loadInfo()} /> : null;
}
