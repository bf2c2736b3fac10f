/** One status-bar item per service unreachable or degraded, with a live countdown to its next retry. */
import { useNow } from '../hooks/useNow';
import { useAppStatusStore } from '../stores/appStatusStore';
import { outageDetail, outageWord, retryText, serviceWord } from './outageText';

export function OutageIndicator() {
  const outages = useAppStatusStore((s) => s.status?.outages);
  const now = useNow(1000, (outages?.length ?? 0) > 0);
  if (!outages || outages.length === 0) return null;
  return (
    <>
      {outages.map((outage) => (
        <span
          key={outage.service}
          className="status-item outage"
          data-testid="status-outage"
          data-service={outage.service}
          data-kind={outage.kind}
          title={outageDetail(outage, now)}
          role="status"
          aria-label={outageDetail(outage, now)}
        >
          {serviceWord(outage.service)} {outageWord(outage)}{retryText(outage, now) ? ` · ${retryText(outage, now)}` : ''}
        </span>
      ))}
    </>
  );
}
