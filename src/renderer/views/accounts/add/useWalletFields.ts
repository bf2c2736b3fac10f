import { useState } from 'react';
import { SIGNATURE_TYPES, type SignatureTypeName } from '../../../../shared/custodyViews';
import { isAddress } from '../../../lib/address';
import { needsFunder } from '../../../lib/signatureTypes';

export interface WalletFields {
  label: string;
  signatureType: SignatureTypeName;
  funder: string;
  setLabel: (label: string) => void;
  setSignatureType: (type: SignatureTypeName) => void;
  setFunder: (funder: string) => void;
  problems: { label: string | null; funder: string | null };
  /** The contract's wallet settings: the funder only for types that have one. */
  toInput: () => { label: string; signatureType: SignatureTypeName; funder?: string };
}

export const isSignatureType = (value: string): value is SignatureTypeName =>
  (SIGNATURE_TYPES as readonly string[]).includes(value);

/** Label, signature type and funder: the part every "add account" form shares. */
export function useWalletFields(defaultLabel = ''): WalletFields {
  const [label, setLabel] = useState(defaultLabel);
  const [signatureType, setSignatureType] = useState<SignatureTypeName>('EOA');
  const [funder, setFunder] = useState('');
  const trimmed = label.trim();
  const problems = {
    label: trimmed.length === 0 ? 'A label is required.' : trimmed.length > 60 ? 'A label is at most 60 characters.' : null,
    funder: !needsFunder(signatureType)
      ? null
      : funder.trim() === ''
        ? 'This signature type needs the funder address that holds the funds.'
        : !isAddress(funder)
          ? 'A funder address is 0x followed by 40 hex digits.'
          : null,
  };
  return {
    label,
    signatureType,
    funder,
    setLabel,
    setSignatureType,
    setFunder,
    problems,
    toInput: () => ({
      label: trimmed,
      signatureType,
      ...(needsFunder(signatureType) ? { funder: funder.trim() } : {}),
    }),
  };
}
