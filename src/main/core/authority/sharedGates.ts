/**
 * Main's questions in front of the channels that live across network switches: custody
 * guardrails (auto-lock, the OS keychain) and network profiles. Keys are shared by every network,
 * so the custody guardrails are asked about whichever network is active; profiles are by nature
 * not the sandbox (which is built in), so changing where one sends credentials is always asked.
 */
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { VaultSession } from '../accounts/vaultSession';
import type { NetworkProfilesService } from '../networks/profilesService';
import type { SettingsStore } from '../settings/settingsStore';
import type { GateTable } from './authorityGate';
import { newProfileFacts, signingRelevantChanges } from './profileChanges';

export type SharedGatedChannel = 'setAutoLockMinutes' | 'setRememberOnDevice' | 'saveNetworkProfile' | 'importNetworkProfiles' | 'setSandboxMainConfirmations';

export interface SharedGateServices {
  settings: SettingsStore;
  session: VaultSession;
  registry: AccountRegistry;
  profiles: NetworkProfilesService;
}

const minutesText = (minutes: number) => (minutes === 0 ? 'never' : `after ${minutes} minute${minutes === 1 ? '' : 's'} without use`);

/** Whether any account holds order-book credentials or perps proxies issued on this network. */
function holdsIssued(registry: AccountRegistry, networkId: string): boolean {
  return registry.all().some((account) => {
    const issued = registry.issued(networkId, account.id);
    return issued.clobCredentials !== null || issued.perpsProxies.length > 0;
  });
}

export function sharedGates({ settings, session, registry, profiles }: SharedGateServices): GateTable<SharedGatedChannel> {
  return {
    setAutoLockMinutes: ({ minutes }) => {
      const current = settings.get('autoLockMinutes');
      const lowers = minutes === 0 ? current !== 0 : current !== 0 && minutes > current;
      if (!lowers) return null;
      return {
        request: {
          kind: 'guardrail',
          title: minutes === 0 ? 'Turn off auto-lock' : `Lock the vault ${minutesText(minutes)}`,
          facts: [
            { label: 'Auto-lock now', value: `Locks ${minutesText(current)}` },
            { label: 'After this', value: `Locks ${minutesText(minutes)}`, warn: true },
            { label: 'Why it matters', value: 'While the vault is unlocked, your keys can sign. Every network uses the same keys.' },
          ],
          confirmLabel: minutes === 0 ? 'Turn auto-lock off' : `Lock ${minutesText(minutes)}`,
        },
      };
    },
    setRememberOnDevice: ({ enabled }) => {
      if (!enabled || session.state().deviceUnlock.enabled) return null;
      return {
        request: {
          kind: 'guardrail',
          title: 'Remember the vault on this computer',
          facts: [
            { label: 'After this', value: "The vault's key is kept in this computer's keychain, so the vault opens without your password.", warn: true },
            { label: 'Why it matters', value: 'Anyone who can use your account on this computer can then unlock your keys.' },
          ],
          confirmLabel: 'Remember on this computer',
        },
      };
    },
    setSandboxMainConfirmations: ({ enabled }) => {
      if (enabled || !settings.get('mainConfirmationsOnSandbox')) return null;
      return {
        request: {
          kind: 'guardrail',
          title: 'Stop asking here on the Sandbox',
          facts: [{ label: 'After this', value: 'On the Sandbox (paper money), orders, transfers and proxies no longer wait for this window. Live networks still do.' }],
          confirmLabel: 'Stop asking on the Sandbox',
        },
      };
    },
    saveNetworkProfile: ({ profile }) => {
      const before = profiles.get(profile.id);
      if (!before || !holdsIssued(registry, profile.id)) return null;
      const changes = signingRelevantChanges(before, profile);
      if (changes.length === 0) return null;
      return {
        request: {
          kind: 'network-profiles',
          title: `Change where "${before.label}" sends your credentials`,
          facts: [
            { label: 'Profile', value: `${before.label} (${before.id}): your accounts hold credentials or proxies issued there` },
            ...changes,
            { label: 'After this', value: 'Credentials are only ever used at the host that issued them; issue new ones for a new host.' },
          ],
          confirmLabel: 'Save the new addresses',
        },
      };
    },
    importNetworkProfiles: ({ fileText, replaceExisting }) => {
      const plan = profiles.planImport(fileText, replaceExisting);
      // A file that would be refused is refused by the import itself, with every reason.
      if (plan.fileProblem || plan.refused.length > 0 || plan.accepted.length === 0) return null;
      const facts = plan.accepted.flatMap((profile) => {
        const before = profiles.get(profile.id);
        if (!before) return [{ label: 'New profile', value: `${profile.label} (${profile.id})` }, ...newProfileFacts(profile)];
        const changes = signingRelevantChanges(before, profile);
        return [
          { label: 'Replaces', value: `${before.label} (${before.id})${holdsIssued(registry, before.id) ? ': your accounts hold credentials or proxies issued there' : ''}`, warn: changes.length > 0 },
          ...(changes.length > 0 ? changes : [{ label: `${profile.label}`, value: 'the same addresses, contracts and signing domain' }]),
        ];
      });
      return {
        request: {
          kind: 'network-profiles',
          title: `Import ${plan.accepted.length} network profile${plan.accepted.length === 1 ? '' : 's'}`,
          facts,
          confirmLabel: 'Import',
        },
      };
    },
  };
}
