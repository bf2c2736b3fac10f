/** A view or pane with nothing to show yet, saying why and what will be there. */
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children: ReactNode;
  testId?: string;
}

export function EmptyState({ title, children, testId = 'empty-state' }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <h2 className="empty-title">{title}</h2>
      <div className="empty-body">{children}</div>
    </div>
  );
}
