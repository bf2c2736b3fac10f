/** How signature types read in the UI; the wire names stay in src/shared. */
import type { SignatureTypeName } from '../../shared/custodyViews';

export const SIGNATURE_TYPE_LABELS: Record<SignatureTypeName, string> = {
  EOA: 'EOA',
  PROXY: 'Proxy',
  SAFE: 'Safe',
  DEPOSIT_WALLET: 'Deposit wallet',
};

/** What the funder field means for each type, for the form's help line. */
export const SIGNATURE_TYPE_HELP: Record<SignatureTypeName, string> = {
  EOA: 'The key’s own address holds the funds and signs orders.',
  PROXY: 'A proxy wallet holds the funds; the key signs for it.',
  SAFE: 'A Safe holds the funds; the key is its signer.',
  DEPOSIT_WALLET: 'A deposit wallet holds the funds; the key signs for it.',
};

/**
 * The same for a watch-only account: there is no key here, so nothing signs; the type only says
 * where the funds are, which is what the app reads.
 */
export const WATCH_ONLY_TYPE_HELP: Record<SignatureTypeName, string> = {
  EOA: 'The address holds the funds itself. Watch-only: no key is stored, so this account reads balances, positions and history and cannot sign or trade.',
  PROXY: 'A proxy wallet (the funder) holds the funds. Watch-only: no key is stored; nothing is signed.',
  SAFE: 'A Safe (the funder) holds the funds. Watch-only: no key is stored; nothing is signed.',
  DEPOSIT_WALLET: 'A deposit wallet (the funder) holds the funds. Watch-only: no key is stored; nothing is signed.',
};

export const needsFunder = (type: SignatureTypeName): boolean => type !== 'EOA';
