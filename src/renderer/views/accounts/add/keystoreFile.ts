/**
 * A first look at a keystore file before it goes to main: size, JSON, version 3 and the address
 * it claims. Main decrypts and checks it properly; this catches the wrong file at once.
 */
export const MAX_KEYSTORE_BYTES = 65_536;

export interface KeystoreFile {
  fileName: string;
  text: string;
  /** The address the file declares, 0x-prefixed, or null if it has none. */
  address: string | null;
}

export async function readKeystoreFile(file: File): Promise<{ ok: true; file: KeystoreFile } | { ok: false; problem: string }> {
  if (file.size > MAX_KEYSTORE_BYTES) return { ok: false, problem: `${file.name} is larger than a keystore file (64 KiB at most).` };
  const text = await file.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: `${file.name} is not JSON; a keystore file is the JSON a wallet exports.` };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ok: false, problem: `${file.name} is not a keystore file.` };
  const record = parsed as Record<string, unknown>;
  if (record.version !== 3 || (typeof record.crypto !== 'object' && typeof record.Crypto !== 'object')) {
    return { ok: false, problem: `${file.name} is not an Ethereum keystore v3 file (no version 3 and crypto section).` };
  }
  const raw = typeof record.address === 'string' ? record.address.replace(/^0x/i, '') : '';
  return { ok: true, file: { fileName: file.name, text, address: /^[0-9a-fA-F]{40}$/.test(raw) ? `0x${raw}` : null } };
}
