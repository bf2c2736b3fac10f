/** One text field of the profile form, with its problem under it. */
import { Field } from '../../../components/Field';

interface DraftFieldProps {
  label: string;
  /** The profile path it edits (`urls.clob`): the test id and where its error comes from. */
  path: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  help?: string;
  inputMode?: 'numeric';
  /** Addresses and hashes: a fixed-width face so digits line up. */
  mono?: boolean;
  /** Spans both columns. */
  wide?: boolean;
}

export function DraftField({ label, path, value, error, onChange, placeholder, help, inputMode, mono, wide }: DraftFieldProps) {
  const testId = `profile-field-${path.replace(/\./g, '-')}`;
  return (
    <div className={wide ? 'profile-cell wide' : 'profile-cell'}>
      <Field label={label} error={error} help={help} errorTestId={`${testId}-error`}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className={mono ? 'input mono' : 'input'}
            value={value}
            placeholder={placeholder}
            inputMode={inputMode}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          />
        )}
      </Field>
    </div>
  );
}
