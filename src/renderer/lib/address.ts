/** Addresses as the UI shows them: `0x12ab…cdef`, enough to recognise, short enough for a title bar. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '—';
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export const isAddress = (text: string): boolean => ADDRESS_PATTERN.test(text.trim());
