/**
 * A failed action, said next to its button. A `locked` or `no_vault` answer also offers the way
 * out (unlock or create), since that is the one thing the user can do about it here.
 */
import type { BridgeError } from '../../shared/result';
import { showVaultPrompt } from '../stores/vaultPromptStore';
import { errorText } from '../lib/errorText';

interface ActionErrorProps {
  error: BridgeError | null;
  testId?: string;
  /** Said in the unlock dialog when the error offers one: "Unlock to rotate the credentials." */
  purpose?: string;
}

export function ActionError({ error, testId = 'action-error', purpose }: ActionErrorProps) {
  if (!error) return null;
  const offer = error.code === 'locked' ? 'Unlock…' : error.code === 'no_vault' ? 'Create vault…' : null;
  return (
    <p className="action-error" role="alert" data-testid={testId} data-code={error.code}>
      <span>{errorText(error)}</span>
      {offer ? (
        <button type="button" className="link-button" onClick={() => showVaultPrompt(purpose)}>
          {offer}
        </button>
      ) : null}
    </p>
  );
}
