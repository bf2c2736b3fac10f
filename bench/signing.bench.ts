/**
 * Build-and-sign throughput for the same N orders (v2, EOA, tick 0.01, chain 137, varied prices
 * and sizes): Marketdesk's buildSignedOrder against @polymarket/clob-client-v2's OrderBuilder
 * with the viem wallet client its README uses (a local account: no network). Both run in this
 * process, interleaved chunk by chunk after a warm-up round; the figure is the median round.
 * Target (issue 7): ratio ≥ 6. Marketdesk signs with libsecp256k1 (tiny-secp256k1, WebAssembly)
 * and hashes with hash-wasm; the reference with viem (@noble/curves). Also: recovery, as the
 * sandbox verifies, against viem's recoverTypedDataAddress.
 *
 * The bound, in the same chunks: tiny-secp256k1's raw `signRecoverable` on the very digests our
 * build just produced, with the same key. Build-and-sign ÷ raw signing says how much of the time
 * is the library's signature and how much is ours (amounts, encoding, hashing, hex, JSON); the
 * target is ≥ 0.85×.
 */
import { OrderBuilder, Side, SignatureTypeV2 } from '@polymarket/clob-client-v2';
import { signRecoverable } from 'tiny-secp256k1';
import { createWalletClient, http, hexToBytes, recoverTypedDataAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildSignedOrder } from '../src/signing/buildOrder';
import { recoverOrderSigner, warmOrderSigning } from '../src/signing/orderSigning';
import { PUBLIC_CHAIN_137_CONTRACTS, orderDomain, orderTypesV2 } from '../src/shared/orders/orderSchema';
import { median, ratePerSecond, seededRandom, type Bench } from './harness';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CHUNK = 100;
const PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const TOKEN_ID = '71321045679252212594626385532706912750332728571942532289631379312455583992563';

interface BenchOrder {
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
}

function makeOrders(count: number): BenchOrder[] {
  const random = seededRandom(4);
  return Array.from({ length: count }, () => {
    const cents = 1 + Math.floor(random() * 99);
    const sizeCents = 500 + Math.floor(random() * 500_000);
    return {
      side: random() < 0.5 ? 'BUY' : 'SELL',
      price: (cents / 100).toFixed(2),
      size: (sizeCents / 100).toFixed(2),
    };
  });
}

const bench: Bench = async () => {
  const orders = makeOrders(ORDERS);
  const privateKey = hexToBytes(PRIVATE_KEY);
  const account = privateKeyToAccount(PRIVATE_KEY);
  const reference = new OrderBuilder(
    createWalletClient({ account, transport: http('http://127.0.0.1:9') }),
    137,
    SignatureTypeV2.EOA,
  );

  const signOurs = (order: BenchOrder) =>
    buildSignedOrder({
      version: 2,
      contracts: PUBLIC_CHAIN_137_CONTRACTS,
      negRisk: false,
      tickSize: '0.01',
      tokenId: TOKEN_ID,
      side: order.side,
      price: order.price,
      size: order.size,
      orderType: 'GTC',
      maker: account.address,
      signer: account.address,
      signatureType: 0,
      privateKey,
    });
  const signTheirs = (order: BenchOrder) =>
    reference.buildOrder(
      {
        tokenID: TOKEN_ID,
        price: Number(order.price),
        size: Number(order.size),
        side: order.side === 'BUY' ? Side.BUY : Side.SELL,
      },
      { tickSize: '0.01', negRisk: false },
      2,
    );

  /**
   * One round: the N orders in chunks of CHUNK; each chunk is built by ours, signed raw and built
   * by the reference, in an order that rotates from chunk to chunk (no side always runs first,
   * on caches the one before left cold), so all three see the same machine load (two cores shared
   * with other work make whole-round alternation noisy). The raw side signs the digests our build
   * last produced for those orders (this round's or the one before). Returns orders/s of each,
   * and build-and-sign ÷ raw of each chunk (a pair a few milliseconds apart: a stall of the
   * shared machine spoils one pair, not the median of them).
   */
  const digests: Uint8Array[] = [];
  const round = async (): Promise<{ ours: number; raw: number; theirs: number; chunkBounds: number[] }> => {
    const ms = { ours: 0, raw: 0, theirs: 0 };
    const chunkBounds: number[] = [];
    const sides = {
      ours: async (start: number, end: number) => {
        const hashes: Hex[] = [];
        const t = performance.now();
        for (let i = start; i < end; i++) hashes.push(signOurs(orders[i]!).hash);
        ms.ours += performance.now() - t;
        hashes.forEach((hash, i) => (digests[start + i] = hexToBytes(hash)));
      },
      raw: async (start: number, end: number) => {
        const t = performance.now();
        for (let i = start; i < end; i++) signRecoverable(digests[i]!, privateKey);
        ms.raw += performance.now() - t;
      },
      theirs: async (start: number, end: number) => {
        const t = performance.now();
        for (let i = start; i < end; i++) await signTheirs(orders[i]!);
        ms.theirs += performance.now() - t;
      },
    };
    const rotation = [sides.ours, sides.raw, sides.theirs];
    for (let start = 0, chunk = 0; start < orders.length; start += CHUNK, chunk++) {
      const end = Math.min(orders.length, start + CHUNK);
      const before = { ...ms };
      for (let k = 0; k < rotation.length; k++) await rotation[(chunk + k) % rotation.length]!(start, end);
      chunkBounds.push((ms.raw - before.raw) / (ms.ours - before.ours));
    }
    const rate = (sideMs: number) => (orders.length * 1000) / sideMs;
    return { ours: rate(ms.ours), raw: rate(ms.raw), theirs: rate(ms.theirs), chunkBounds };
  };

  // Cold table build, as at app start.
  const warmStart = performance.now();
  warmOrderSigning();
  const warmMs = performance.now() - warmStart;

  // Same orders, same amounts: check a sample before timing anything.
  let mismatches = 0;
  for (const order of orders.slice(0, 50)) {
    const a = signOurs(order);
    const b = await signTheirs(order);
    if (a.json.makerAmount !== b.makerAmount || a.json.takerAmount !== b.takerAmount) mismatches++;
  }

  for (const order of orders) digests.push(hexToBytes(signOurs(order).hash));
  // Warm-up: JIT both paths (and noble's own lazy tables inside viem) before timing.
  await round();

  const oursRates: number[] = [];
  const rawRates: number[] = [];
  const theirRates: number[] = [];
  const chunkBounds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const rates = await round();
    oursRates.push(rates.ours);
    rawRates.push(rates.raw);
    theirRates.push(rates.theirs);
    chunkBounds.push(...rates.chunkBounds);
  }

  // Verification as the sandbox does it: recover the signer of signed orders.
  const signed = orders.slice(0, Math.min(ORDERS, 500)).map(signOurs);
  const domain = orderDomain(PUBLIC_CHAIN_137_CONTRACTS, 2, false);
  const recoverOurs = () => {
    for (const order of signed) {
      if (recoverOrderSigner(PUBLIC_CHAIN_137_CONTRACTS, 2, false, order.struct, order.signature) !== account.address) {
        throw new Error('recovery disagrees');
      }
    }
  };
  const recoverViem = async () => {
    for (const order of signed) {
      await recoverTypedDataAddress({ domain, types: orderTypesV2, primaryType: 'Order', message: order.struct, signature: order.signature });
    }
  };
  await ratePerSecond(signed.length, recoverOurs);
  await ratePerSecond(signed.length, recoverViem);
  const recoverOursRates: number[] = [];
  const recoverViemRates: number[] = [];
  for (let round = 0; round < 3; round++) {
    recoverOursRates.push(await ratePerSecond(signed.length, recoverOurs));
    recoverViemRates.push(await ratePerSecond(signed.length, recoverViem));
  }

  const oursRate = median(oursRates);
  const theirRate = median(theirRates);
  // Each round is a paired comparison under the same load: the headline is the median of them.
  const ratios = oursRates.map((rate, i) => rate / theirRates[i]!);
  const ratio = median(ratios);
  const boundRatios = oursRates.map((rate, i) => rate / rawRates[i]!);
  const boundRatio = median(chunkBounds);
  const rawRate = median(rawRates);
  return {
    rows: [
      { bench: 'order signing', metric: 'marketdesk buildSignedOrder', value: oursRate, unit: 'orders/s' },
      { bench: 'order signing', metric: 'clob-client-v2 OrderBuilder', value: theirRate, unit: 'orders/s' },
      { bench: 'order signing', metric: 'ratio (marketdesk ÷ reference), median', value: ratio, unit: 'x' },
      { bench: 'order signing', metric: 'ratio, lowest round', value: Math.min(...ratios), unit: 'x' },
      { bench: 'order signing', metric: 'ratio, highest round', value: Math.max(...ratios), unit: 'x' },
      { bench: 'order signing', metric: 'raw signRecoverable, same digests', value: rawRate, unit: 'orders/s' },
      { bench: 'order signing', metric: 'build-and-sign ÷ raw signRecoverable, median chunk', value: boundRatio, unit: 'x' },
      { bench: 'order signing', metric: 'build-and-sign ÷ raw, lowest round', value: Math.min(...boundRatios), unit: 'x' },
      { bench: 'order signing', metric: 'build-and-sign ÷ raw, highest round', value: Math.max(...boundRatios), unit: 'x' },
      { bench: 'order signing', metric: 'warmOrderSigning()', value: warmMs, unit: 'ms' },
      { bench: 'order signing', metric: 'amount mismatches in 50 sampled orders', value: mismatches, unit: '' },
      { bench: 'order verification', metric: 'marketdesk recoverOrderSigner', value: median(recoverOursRates), unit: 'orders/s' },
      { bench: 'order verification', metric: 'viem recoverTypedDataAddress', value: median(recoverViemRates), unit: 'orders/s' },
    ],
    summary: [
      `order signing: marketdesk ${Math.round(oursRate)}/s, clob-client-v2 ${Math.round(theirRate)}/s, ratio ${ratio.toFixed(1)}x` +
        ` (${ORDERS} orders, median of ${ROUNDS} rounds)`,
      `order signing bound: raw signRecoverable on the same digests ${Math.round(rawRate)}/s; build-and-sign ÷ raw ${boundRatio.toFixed(2)}x ` +
        `(median of ${chunkBounds.length} paired chunks of ${CHUNK}; whole rounds ${Math.min(...boundRatios).toFixed(2)}–${Math.max(...boundRatios).toFixed(2)}x; target ≥ 0.85x)`,
    ],
  };
};

export default bench;
