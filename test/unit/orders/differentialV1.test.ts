/** Half of the differential signing test (see differential.ts): order schema v1. */
import { describe, it } from 'vitest';
import { DIFFERENTIAL_ORDERS, runDifferential } from './differential';

describe(`Marketdesk signing against viem on ${DIFFERENTIAL_ORDERS.toLocaleString('en-US')} random v1 orders`, () => {
  it('gives identical signatures that recover to the same address both ways', async () => {
    await runDifferential(1, DIFFERENTIAL_ORDERS, 20260127);
  }, 300_000);
});
