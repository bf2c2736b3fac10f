/**
 * Every channel of class `confirm` has main's question in front of it: a gate wrapped around its
 * handler (sharedGates.ts, networkGates.ts) or a question its service asks itself, where the
 * decision needs what only the service knows at that moment. The compiler refuses a `confirm`
 * channel that is in neither list, and test/security/authorityClasses.test.ts checks the lists
 * against the contract at run time too.
 */
import type { ChannelsOfClass } from '../../../shared/channelAuthority';
import type { NetworkGatedChannel } from './networkGates';
import type { SharedGatedChannel } from './sharedGates';

/** Confirm channels whose service asks main's question itself, and where. */
export const CONFIRMED_IN_SERVICE = {
  createClobCredentials: 'ClobCredentialsService asks before every L1 signature, naming the host that will receive it',
  rotateClobCredentials: 'ClobCredentialsService asks before every L1 signature, naming the host that will receive it',
  createPerpsProxy: 'PerpsProxyService asks before the owner key signs createProxy, naming the host',
  rotatePerpsProxy: 'rotation creates the new proxy through PerpsProxyService, which asks first',
  setRiskLimits: 'RiskDesk asks before a limit is raised or turned off, showing each limit old → new',
} as const satisfies Partial<Record<ChannelsOfClass<'confirm'>, string>>;

export const SHARED_GATED_CHANNELS: readonly SharedGatedChannel[] = [
  'setAutoLockMinutes', 'setRememberOnDevice', 'saveNetworkProfile', 'importNetworkProfiles', 'setSandboxMainConfirmations',
];
export const NETWORK_GATED_CHANNELS: readonly NetworkGatedChannel[] = ['sendPerpsTransfer', 'setConfirmOrders'];

type Covered = SharedGatedChannel | NetworkGatedChannel | keyof typeof CONFIRMED_IN_SERVICE;
/** Fails to compile while a `confirm` channel has no question in front of it. */
export const everyConfirmChannelIsGated: [Exclude<ChannelsOfClass<'confirm'>, Covered>] extends [never] ? true : never = true;
