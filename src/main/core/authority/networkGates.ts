/**
 * Main's questions in front of the channels of one network: perps collateral sent to an address
 * that is not one of the user's key-holding accounts, and order confirmations switched off. The
 * first live transfer of an account carries its explanation in the same question. Orders are asked
 * about inside the order service, after its checks and before signing (orderConfirmations.ts);
 * credentials and proxies inside the services that issue them (accounts/issuanceConfirmation.ts).
 */
import { getAddress } from 'viem';
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import { confirmsOrders } from '../guardrails/proMode';
import type { LiveAcknowledgements } from '../guardrails/liveAcknowledgements';
import type { ActiveNetwork } from '../network';
import type { TransferPreviews } from '../perps/transferPreview';
import type { SettingsStore } from '../settings/settingsStore';
import type { GateTable } from './authorityGate';
import { CONFIRMATION_TIMEOUT_MS } from './confirmationCenter';
import { accountFact, hostFact, networkFact } from './confirmationFacts';
import { asksInMain } from './confirmationPolicy';
import { pendingExplanation } from './liveExplanationFacts';
import type { ConfirmationFact } from './mainConfirmations';

export type NetworkGatedChannel = 'sendPerpsTransfer' | 'setConfirmOrders';

export interface NetworkGateServices {
  network: ActiveNetwork;
  settings: SettingsStore;
  registry: AccountRegistry;
  acknowledgements: LiveAcknowledgements;
  previews: TransferPreviews;
  now?: () => number;
}

/** A key-holding account of the user's at this address; watch-only addresses are foreign. */
export function keyHoldingAccountAt(registry: AccountRegistry, address: string): StoredAccount | null {
  const wanted = address.toLowerCase();
  return registry.all().find((account) => account.kind === 'key' && !account.keyMissing && account.address.toLowerCase() === wanted) ?? null;
}

function recipientFact(registry: AccountRegistry, to: string): ConfirmationFact {
  const own = keyHoldingAccountAt(registry, to);
  if (own) return { label: 'Recipient', value: `${own.label} (${getAddress(to)}), one of your accounts` };
  const watched = registry.findByAddress(to);
  const why = watched ? `your watch-only "${watched.label}": its key is not in this app` : 'not one of your accounts';
  return { label: 'Recipient', value: `${getAddress(to)} (${why})`, warn: true };
}

export function networkGates(services: NetworkGateServices): GateTable<NetworkGatedChannel> {
  const { network, settings, registry, acknowledgements, previews } = services;
  const now = services.now ?? Date.now;
  const inMain = () => asksInMain(network.info, settings);
  const perpsHost = hostFact('Perps exchange', network.urls.perps);

  return {
    sendPerpsTransfer: ({ previewId }) => {
      const held = previews.peek(previewId);
      // An unknown or expired preview is refused by the send itself.
      if (!held) return null;
      const { preview } = held;
      const account = registry.get(held.accountId);
      const foreign = keyHoldingAccountAt(registry, preview.op.args.to) === null;
      const explanation = pendingExplanation(acknowledgements, account.id, 'transfer');
      if (!(foreign && inMain()) && !explanation) return null;
      previews.holdUntil(previewId, now() + CONFIRMATION_TIMEOUT_MS + 5_000);
      return {
        request: {
          kind: 'perps-transfer',
          title: `Send ${preview.amount} ${preview.asset} of perps collateral`,
          facts: [
            ...(explanation?.facts ?? []),
            accountFact(account, 'From'),
            recipientFact(registry, preview.op.args.to),
            { label: 'Amount', value: `${preview.amount} ${preview.asset} (${preview.amountUnits} base units)` },
            { label: 'Signed by', value: `the account's proxy ${preview.proxyAddress}` },
            { label: 'Settles', value: 'at once, and cannot be recalled' },
            networkFact(network.info),
            perpsHost,
          ],
          confirmLabel: `Send ${preview.amount} ${preview.asset}`,
        },
        ...(explanation ? { onConfirmed: explanation.record } : {}),
      };
    },
    setConfirmOrders: ({ enabled }) => {
      const account = registry.requireActive();
      if (enabled || !inMain() || !confirmsOrders(settings, network.info.id, account.id)) return null;
      return {
        request: {
          kind: 'guardrail',
          title: `Turn off order confirmations on ${network.info.label}`,
          facts: [
            accountFact(account),
            networkFact(network.info),
            { label: 'After this', value: `Orders from this account on ${network.info.label} go out at once, without this question; the risk limits still apply.`, warn: true },
          ],
          confirmLabel: 'Turn confirmations off',
        },
      };
    },
  };
}
