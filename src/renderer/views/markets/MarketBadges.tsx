/** The state badge of an event or market (stateBadge.ts says which). */
import { stateBadge, type BadgeFacts } from './stateBadge';

export function StateBadge({ facts, testId }: { facts: BadgeFacts; testId: string }) {
  const badge = stateBadge(facts);
  if (!badge) return null;
  return (
    <span className={`badge badge-state badge-${badge.tone}`} title={badge.title} data-testid={testId} data-state={badge.tone}>
      {badge.label}
    </span>
  );
}
