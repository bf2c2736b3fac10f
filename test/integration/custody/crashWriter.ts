/**
 * Child process for crashSafety.test.ts: opens a vault and rewrites it in a loop until it is
 * killed. Every write is announced on stdout before it starts ("begin") and after it has
 * resolved ("done"); stdout is a pipe, which Node writes synchronously on POSIX, so the parent
 * knows exactly which states the file may legitimately be in when the kill lands.
 *
 * Usage: node --import tsx crashWriter.ts <vault path> <password>
 * Env CRASH_AT_WRITE=<n> CRASH_AT_STEP=<step>: SIGKILL itself at that step of its n-th write,
 * so every point inside writeFileAtomic is hit deterministically as well as at random.
 */
import { openVault } from '../../../src/main/core/custody/vault';
import { payloadFor } from './crashPayloads';

const [file, password] = process.argv.slice(2);
if (!file || !password) throw new Error('usage: crashWriter <vault> <password>');
const crashAtWrite = Number(process.env.CRASH_AT_WRITE ?? -1);
const crashAtStep = process.env.CRASH_AT_STEP;
let writeIndex = 0;

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

const vault = await openVault(file, {
  onWriteStep: (step) => {
    if (writeIndex === crashAtWrite && step === crashAtStep) process.kill(process.pid, 'SIGKILL');
  },
});
await vault.unlockWithPassword(password);
const ids = vault.listRecords().map((r) => r.id);
say({ start: ids });
let next = Number(process.env.FIRST_ID ?? 0);

for (;;) {
  // Two puts then one delete of the oldest record, so the vault stays small but keeps changing.
  const oldest = vault.listRecords()[0]?.id;
  if (writeIndex % 3 === 2 && oldest) {
    say({ begin: writeIndex, op: 'delete', id: oldest });
    await vault.deleteRecord(oldest);
  } else {
    const id = `r${next++}`;
    say({ begin: writeIndex, op: 'put', id });
    await vault.putRecord({ id, accountId: `acct-${id}`, kind: 'clobCredentials', network: 'sandbox', credentials: payloadFor(id) });
  }
  say({ done: writeIndex });
  writeIndex += 1;
}
