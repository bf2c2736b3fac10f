/** Deterministic record contents for the crash test, so a reader can check every byte it decrypts. */
export const payloadFor = (id: string) => ({
  apiKey: `api-key-for-${id}-0123456789`,
  secret: `hmac-secret-for-${id}-`.padEnd(120, 'x'),
  passphrase: `passphrase-for-${id}-`.padEnd(80, 'y'),
});
