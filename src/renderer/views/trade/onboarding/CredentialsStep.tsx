/**
 * Order-book credentials, where the ticket needs them: the one line saying they were created
 * automatically (sandbox), or — on other networks, or when the automatic try failed — the
 * button that creates them with one signature of the account's key, and its result.
 */
import type { AccountView } from '../../../../shared/custodyViews';
import { ActionError } from '../../../components/ActionError';
import { useOnboardingStore } from '../../../stores/onboardingStore';

/** The result line for the active account, whatever created the credentials. */
export function CredentialsCreatedNote({ account }: { account: AccountView | null }) {
  const step = useOnboardingStore((s) => (account ? s.steps[account.id] : undefined));
  const dismiss = useOnboardingStore((s) => s.dismiss);
  if (!account || step?.phase !== 'created' || !account.clobCredentials) return null;
  return (
    <p className="onboarding-note success-note" role="status" data-testid="credentials-created-note" data-automatic={step.automatic}>
      <span>
        {step.automatic
          ? `Order-book credentials for “${step.label}” were created automatically — on the sandbox they need no approval.`
          : `Order-book credentials for “${step.label}” are ready (key ${account.clobCredentials.apiKeyHint}).`}
      </span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(account.id)}>
        ×
      </button>
    </p>
  );
}

/**
 * Inside the blocked note of an account without credentials here: create them, or see them being
 * created. `reissue`: it has credentials, issued by another host; these replace them on this one.
 */
export function CreateCredentialsInline({ account, isSandbox, reissue = false }: { account: AccountView; isSandbox: boolean; reissue?: boolean }) {
  const step = useOnboardingStore((s) => s.steps[account.id]);
  const createCredentials = useOnboardingStore((s) => s.createCredentials);
  if (step?.phase === 'creating') {
    return (
      <span className="muted" data-testid="credentials-creating">
        {step.automatic ? 'Creating order-book credentials (sandbox: automatic)…' : 'Creating order-book credentials…'}
      </span>
    );
  }
  return (
    <span className="onboarding-inline">
      <span className="muted">
        {isSandbox && !reissue ? 'They could not be created automatically.' : 'One signature with this account’s key creates them; nothing is sent on chain.'}
      </span>
      <button type="button" className="button button-small" onClick={() => void createCredentials(account.id, account.label, false)} data-testid={reissue ? 'credentials-reissue' : 'credentials-create'}>
        {reissue ? 'Re-issue for this host' : 'Create credentials'}
      </button>
      {step?.phase === 'failed' ? <ActionError error={step.error} testId="credentials-create-error" purpose="Unlock the vault to sign for the credentials." /> : null}
    </span>
  );
}
