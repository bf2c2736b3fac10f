/** A labelled form control with its help line and its own error, in the dense form layout. */
import { useId, type ReactElement, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  /** Renders the control with the ids the label, help and error need. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactElement;
  help?: ReactNode;
  error?: string | null;
  errorTestId?: string;
}

export function Field({ label, children, help, error, errorTestId }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {help ? (
        <div className="field-help" id={helpId}>
          {help}
        </div>
      ) : null}
      {error ? (
        <div className="field-error" id={errorId} role="alert" data-testid={errorTestId}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
