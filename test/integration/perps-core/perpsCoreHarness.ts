/**
 * A real core against the real sandbox over loopback, for the perps desk: the sandbox's perps
 * clock runs at real time plus an offset the tests step (within the exchange's 5-minute
 * timestamp tolerance), so equity klines and funding appear without waiting.
 */
import type { PerpsAccountView } from '../../../src/shared/perpsViews';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsWeightBudget } from '../../../src/shared/protocol/perps';
import type { PerpsWeightStats } from '../../../src/sandbox/perps/weightMeter';
import { callOk, startHarness, type Harness } from '../core/coreHarness';

export const PASSWORD = 'perps-core-password-1';

export interface PerpsCoreHarness extends Harness {
  /** Moves the perps exchange's clock forward. */
  step(ms: number): void;
  call<T>(channel: string, input: unknown): Promise<T>;
  /** Creates a key account with an active perps proxy; returns its id and address. */
  addAccountWithProxy(label: string): Promise<{ id: string; address: string }>;
  weights(): Promise<PerpsWeightStats>;
}

export async function startPerpsCore(options: { weightBudget?: PerpsWeightBudget; fundingIntervalMs?: number } = {}): Promise<PerpsCoreHarness> {
  let offset = 0;
  const harness = await startHarness({
    simulate: false,
    ...(options.weightBudget ? { perpsWeightBudget: options.weightBudget } : {}),
    sandbox: {
      perps: {
        now: () => Date.now() + offset,
        ...(options.weightBudget ? { weightBudget: options.weightBudget } : {}),
        ...(options.fundingIntervalMs ? { fundingIntervalMs: options.fundingIntervalMs } : {}),
      },
    },
  });
  const call = <T>(channel: string, input: unknown) => callOk<T>(harness, channel, input);
  await call('createVault', { password: PASSWORD });
  return {
    ...harness,
    step: (ms) => {
      offset += ms;
    },
    call,
    addAccountWithProxy: async (label) => {
      const state = await call<AccountsState>('createAccount', { label });
      const account = state.accounts.find((a) => a.label === label)!;
      await call('switchAccount', { accountId: account.id });
      await call('createPerpsProxy', { label: `${label} proxy`, expiryDays: 30 });
      return { id: account.id, address: account.address };
    },
    weights: async () => {
      const response = await fetch(`${harness.sandbox.urls.perps}/sandbox/perps/weights`);
      return (await response.json()) as PerpsWeightStats;
    },
  };
}

/** Funds an account with paper USDC and steps a minute on, past the next 1s and 1m klines, so its equity is readable. */
export async function fundAndSettle(h: PerpsCoreHarness, accountId: string, amount: string): Promise<PerpsAccountView> {
  await h.call('requestSandboxPerpsFunds', { accountId, asset: 'USDC', amount });
  h.step(61_000);
  const [view] = await h.call<PerpsAccountView[]>('listPerpsAccounts', { accountId });
  return view!;
}
