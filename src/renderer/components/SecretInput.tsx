/**
 * A password or private-key input with show/hide. What is typed lives only in the owning form's
 * state and is cleared by that form once submitted; nothing here copies it anywhere.
 */
import { useState, type InputHTMLAttributes } from 'react';

type SecretInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  testId?: string;
  /** Autofocus when the surrounding dialog opens. */
  autoFocusInDialog?: boolean;
};

export function SecretInput({ value, onValueChange, invalid, testId, autoFocusInDialog, className, ...rest }: SecretInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="secret-input">
      <input
        {...rest}
        className={`input ${className ?? ''}`}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        data-autofocus={autoFocusInDialog || undefined}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <button
        type="button"
        className="secret-toggle"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={visible ? 'Hide' : 'Show'}
        title={visible ? 'Hide' : 'Show'}
        tabIndex={-1}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}
