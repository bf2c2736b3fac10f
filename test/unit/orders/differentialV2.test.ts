/** Half of the differential signing test (see differential.ts): order schema v2. */
import { describe, it } from 'vitest';
import { DIFFERENTIAL_ORDERS, runDifferential } from './differential';

describe(`Marketdesk signing against viem on ${DIFFERENTIAL_ORDERS.toLocaleString('en-US')} random v2 orders`, () => {
  it('gives identical signatures that recover to the same address both ways', async () => {
    await runDifferential(2, DIFFERENTIAL_ORDERS, 20260126);
  }, 300_000);
});
