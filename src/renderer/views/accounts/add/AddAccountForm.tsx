/**
 * The frame every "add account" tab shares: its own fields on top, then label, signature type and
 * funder, the submit button and the call's error. Problems show once the user tries to submit.
 */
import type { FormEvent, ReactNode } from 'react';
import type { BridgeError } from '../../../../shared/result';
import { ActionError } from '../../../components/ActionError';
import { WalletFieldset } from './WalletFieldset';
import type { WalletFields } from './useWalletFields';

interface AddAccountFormProps {
  testId: string;
  intro: ReactNode;
  /** The account has no key: the help says what the signature type means without one. */
  watchOnly?: boolean;
  children?: ReactNode;
  fields: WalletFields;
  showProblems: boolean;
  submitLabel: string;
  pending: boolean;
  error: BridgeError | null;
  onSubmit: () => void;
}

export function AddAccountForm(props: AddAccountFormProps) {
  const { testId, intro, children, fields, showProblems, submitLabel, pending, error, onSubmit, watchOnly = false } = props;
  return (
    <form
      className="form add-account-form"
      data-testid={testId}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className="form-intro">{intro}</p>
      {children}
      <WalletFieldset fields={fields} showProblems={showProblems} watchOnly={watchOnly} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={pending} data-testid="add-account-submit">
          {pending ? 'Working…' : submitLabel}
        </button>
      </div>
      <ActionError error={error} testId="add-account-error" purpose="Unlock the vault to add an account." />
    </form>
  );
}
