import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Light scrypt for tests; production uses DEFAULT_VAULT_SCRYPT. */
export const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 };
export const PASSWORD = 'correct horse battery staple';

// Known secrets, used to assert that no error message ever contains one.
export const SIGNING_KEY_HEX = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
export const signingKey = () => Uint8Array.from(Buffer.from(SIGNING_KEY_HEX, 'hex'));
export const CLOB = { apiKey: 'a1b2c3d4-0000-4000-8000-feedfacecafe', secret: 'c2VjcmV0LWhtYWMta2V5LWZvci10ZXN0cw==', passphrase: 'pass-phrase-0123456789abcdef' };
export const PROXY_KEY_HEX = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
export const PROXY = { proxyAddress: '0x1111111111111111111111111111111111111111', secret: 'proxy-secret-value-xyz' } as const;
export const ALL_SECRETS = [PASSWORD, SIGNING_KEY_HEX, CLOB.secret, CLOB.passphrase, PROXY_KEY_HEX, PROXY.secret];

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A fresh directory under the OS temp dir, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketdesk-custody-'));
  made.push(dir);
  return dir;
}

export async function fileHash(file: string): Promise<string> {
  return createHash('sha256').update(await fs.readFile(file)).digest('hex');
}

/** Asserts that an error carries no known secret in its message, stack or cause. */
export function expectNoSecret(error: unknown, extra: string[] = []): void {
  if (!(error instanceof Error)) throw new Error('expected an Error');
  if (error.cause !== undefined) throw new Error(`${error.name} carries a cause`);
  const text = `${error.message}\n${error.stack ?? ''}`;
  for (const secret of [...ALL_SECRETS, ...extra]) {
    if (secret.length >= 6 && text.includes(secret)) throw new Error(`${error.name} message contains a secret`);
  }
}

/** Runs `fn`, expecting it to throw; returns the error. */
export async function caught(fn: () => Promise<unknown> | unknown): Promise<Error> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error('threw a non-Error', { cause: error });
  }
  throw new Error('expected a throw');
}
