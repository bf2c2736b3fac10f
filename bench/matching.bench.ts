/**
 * The sandbox matching engine's throughput (issue 4, "Performance"), two ways:
 *
 * 1. In process: TradingDesk.place on a fresh desk per round (seed-7 world, one 0.01-tick
 *    binary market whose book starts empty, so every fill is user against user), driven by a
 *    pre-built sequence of pairs: a resting GTC order 1–4 ticks from the mid (a quarter
 *    post-only), then a crossing order (GTC, FAK or FOK) from another address that sweeps the
 *    side the resting order joined. About a third of the orders are written on the No token
 *    (a No BUY is a Yes ask), so complementary matching is in the mix. Crossing sizes never
 *    exceed what rests on that side, so every order is accepted and every crossing order fills
 *    completely; about a thousand orders rest at the end of a round. Four addresses, funded
 *    directly on the ledger with collateral and both tokens.
 *    - matching only: BENCH_MATCH_ORDERS (20,000) orders, BENCH_MATCH_ROUNDS (5) rounds after a
 *      warm-up round, median reported;
 *    - matching + signature checks: the first BENCH_SIG_ORDERS (800) orders of the same sequence,
 *      signed before timing with buildSignedOrder; each order's signer is recovered with
 *      recoverOrderSigner (as the sandbox does for every POST /order) and then placed. Each round
 *      also times matching alone on those same orders, so the signature cost is a paired
 *      difference. Recovery is far slower than matching, hence the smaller count.
 *
 * 2. Over loopback: startSandbox({ seed: 7, port: 0, simulate: false }) in this process, eight
 *    bench accounts (throwaway keys derived from a fixed string) with API keys and faucet money,
 *    BENCH_HTTP_ORDERS (2,000) + a warm-up of 100 orders signed before timing, each request's
 *    body and L2 headers pre-computed. Only GTC BUYs of Yes and No around the mid (collateral is
 *    all the faucet gives), so every order must answer 200 `success: true`; anything else is
 *    counted as a failure by status and message and reported. Sent with BENCH_HTTP_CONCURRENCY
 *    (8) requests in flight over one keep-alive node:http Agent. The same request bytes go,
 *    with the same concurrency and agent, to a bare node:http echo server on 127.0.0.1 (reads
 *    the body, answers a small JSON). The two alternate in chunks of 500 requests (echo, then
 *    sandbox) so a busy machine weighs on both alike; the ratio is sandbox ÷ echo, pooled.
 *    The sandbox recovers each order's signer on its recovery thread (libsecp256k1 on a worker,
 *    src/sandbox/trading/recoveryThread.ts), as it always does; the in-process figures above
 *    recover on this thread.
 *    Limits: the run's 2,100 POST /order stay under the 5,000 / 10 s burst window at any pace,
 *    and eight signers rotating take ~263 tokens each from their 1,000-token buckets (no
 *    refill needed); the sandbox's own edge counters (delayed / rejected) are reported so a
 *    throttled run shows itself. Client and servers share this one event loop, as they would
 *    in the app's sandbox mode, so both figures include the client's own cost.
 */
import { createHash } from 'node:crypto';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Exchange, type MarketEntry } from '../src/sandbox/clob/exchange';
import { startSandbox } from '../src/sandbox/start';
import type { ParsedOrder } from '../src/sandbox/trading/orderPayload';
import { COLLATERAL } from '../src/sandbox/trading/paperLedger';
import { TradingDesk } from '../src/sandbox/trading/tradingDesk';
import { buildWorld } from '../src/sandbox/world/buildWorld';
import { buildSignedOrder, toPostOrderBody, type SignedOrderV2 } from '../src/signing/buildOrder';
import { addressOfPrivateKey, recoverOrderSigner, warmOrderSigning } from '../src/signing/orderSigning';
import { PUBLIC_CHAIN_137_CONTRACTS, type OrderSide, type OrderType } from '../src/shared/orders/orderSchema';
import { clobAuthTypedData } from '../src/signing/clobAuth';
import { l2Signature } from '../src/signing/l2Hmac';
import { median, seededRandom, type Bench, type BenchRow } from './harness';

const MATCH_ORDERS = Number(process.env.BENCH_MATCH_ORDERS ?? 20_000);
const MATCH_ROUNDS = Number(process.env.BENCH_MATCH_ROUNDS ?? 5);
const SIG_ORDERS = Number(process.env.BENCH_SIG_ORDERS ?? 800);
const SIG_ROUNDS = Number(process.env.BENCH_SIG_ROUNDS ?? 3);
const HTTP_ORDERS = Number(process.env.BENCH_HTTP_ORDERS ?? 2_000);
const HTTP_WARMUP = 100;
/** Echo and sandbox alternate in chunks of this many requests. */
const HTTP_CHUNK = 500;
const HTTP_CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 8);
const HTTP_ACCOUNTS = 8;
const SEED = 7;
const CHAIN_ID = 137;
const CONTRACTS = PUBLIC_CHAIN_137_CONTRACTS;
/** Yes pips: 1 share = 10^4 pips of price, 1 cent of a share = 10^4 base units. */
const PIPS_PER_UNIT = 10_000;
const IN_PROCESS_ACCOUNTS = 4;
const LEVELS = 4;
const OWNER = 'bench-api-key';

/** Throwaway keys for this bench only (sha256 of a fixed label): never funded anywhere real. */
function benchKey(index: number): Uint8Array {
  return createHash('sha256').update(`marketdesk matching bench account ${index}`).digest();
}

interface Trader {
  key: Uint8Array;
  address: Hex;
}

const traders = (count: number, offset: number): Trader[] =>
  Array.from({ length: count }, (_, i) => {
    const key = benchKey(offset + i);
    return { key, address: addressOfPrivateKey(key) };
  });

/** One order of a bench sequence, in the token's own terms. */
interface OrderSpec {
  trader: Trader;
  tokenId: string;
  side: OrderSide;
  /** Pips of the token's own outcome. */
  pips: number;
  /** Hundredths of a share. */
  cents: number;
  orderType: OrderType;
  postOnly: boolean;
  /** True for the order of a pair that takes liquidity. */
  crossing: boolean;
}

const flip = (side: OrderSide): OrderSide => (side === 'BUY' ? 'SELL' : 'BUY');

/**
 * The in-process sequence (see the header): `count` orders, resting and crossing alternately.
 * Volumes per Yes-terms side are tracked so no crossing order asks for more than rests.
 */
function matchingSequence(market: MarketEntry['market'], accounts: readonly Trader[], count: number): OrderSpec[] {
  const random = seededRandom(11);
  const tick = PIPS_PER_UNIT * Number(market.tickSize);
  const mid = market.initialFairPips;
  const minCents = market.minOrderSize * 100;
  const resting = { BUY: 0, SELL: 0 };
  const specs: OrderSpec[] = [];
  const express = (trader: Trader, yesSide: OrderSide, yesPips: number, rest: Omit<OrderSpec, 'trader' | 'tokenId' | 'side' | 'pips'>) => {
    // A third on the No token: a Yes BUY at p is a No SELL at 1 - p, a Yes SELL a No BUY.
    const no = random() < 0.33;
    specs.push({
      trader,
      tokenId: market.tokenIds[no ? 1 : 0],
      side: no ? flip(yesSide) : yesSide,
      pips: no ? PIPS_PER_UNIT - yesPips : yesPips,
      ...rest,
    });
  };
  for (let pair = 0; specs.length < count; pair++) {
    const maker = accounts[pair % accounts.length]!;
    const taker = accounts[(pair + 2) % accounts.length]!;
    const restSide: OrderSide = pair % 2 === 0 ? 'BUY' : 'SELL';
    const level = 1 + Math.floor(random() * LEVELS);
    const restCents = (5 + Math.floor(random() * 196)) * 100;
    express(maker, restSide, restSide === 'BUY' ? mid - level * tick : mid + level * tick, {
      cents: restCents, orderType: 'GTC', postOnly: random() < 0.25, crossing: false,
    });
    resting[restSide] += restCents;
    if (specs.length >= count) break;
    // The taker sweeps the side just joined, its limit at the far level so all of it is reachable.
    const wanted = Math.round(restCents * (0.6 + random() * 0.6));
    const size = Math.min(resting[restSide], Math.max(minCents, wanted));
    const roll = random();
    const orderType: OrderType = roll < 0.5 ? 'GTC' : roll < 0.8 ? 'FAK' : 'FOK';
    const takerSide = flip(restSide);
    express(taker, takerSide, takerSide === 'BUY' ? mid + LEVELS * tick : mid - LEVELS * tick, {
      cents: size, orderType, postOnly: false, crossing: true,
    });
    resting[restSide] -= size;
  }
  return specs;
}

const sizeText = (cents: number) => (cents / 100).toFixed(2);

function sign(spec: OrderSpec, market: MarketEntry['market'], salt: number): SignedOrderV2 {
  const decimals = market.tickSize.split('.')[1]?.length ?? 0;
  return buildSignedOrder({
    version: 2, contracts: CONTRACTS, negRisk: market.negRisk, tickSize: market.tickSize, tokenId: spec.tokenId,
    side: spec.side, price: (spec.pips / PIPS_PER_UNIT).toFixed(decimals), size: sizeText(spec.cents), orderType: spec.orderType,
    maker: spec.trader.address, signer: spec.trader.address, signatureType: 0, privateKey: spec.trader.key,
    salt: BigInt(salt), timestampMs: 1_790_000_000_000n + BigInt(salt),
  });
}

/** What the route hands the desk after parsing: exact integer amounts, as signed. */
function parsed(spec: OrderSpec, signed?: SignedOrderV2): ParsedOrder {
  const shares = BigInt(spec.cents) * 10_000n;
  const collateral = BigInt(spec.cents) * BigInt(spec.pips);
  return {
    version: 2,
    message: signed?.struct ?? ({} as ParsedOrder['message']),
    maker: spec.trader.address,
    signer: spec.trader.address,
    tokenId: spec.tokenId,
    makerAmount: signed?.struct.makerAmount ?? (spec.side === 'BUY' ? collateral : shares),
    takerAmount: signed?.struct.takerAmount ?? (spec.side === 'BUY' ? shares : collateral),
    side: spec.side,
    signatureType: 0,
    expiration: 0n,
    signature: signed?.signature ?? '0x',
    owner: OWNER,
    orderType: spec.orderType,
    postOnly: spec.postOnly,
  };
}

interface Prepared {
  order: ParsedOrder;
  id: Hex;
  crossing: boolean;
  struct?: SignedOrderV2['struct'];
  signer: Hex;
}

interface RoundResult {
  rate: number;
  refused: number;
  unfilledCrossing: number;
  trades: number;
  restingAtEnd: number;
  badSignatures: number;
}

/** A fresh desk on a fresh exchange (empty books), every bench address funded. */
function freshDesk(world: ReturnType<typeof buildWorld>, conditionId: string, accounts: readonly Trader[]) {
  const exchange = new Exchange(world);
  const desk = new TradingDesk(exchange, SEED);
  const entry = exchange.market(conditionId) as MarketEntry;
  // Builds the market's price series now rather than on the first timed fill.
  desk.activity.seriesOf(entry);
  const plenty = 10n ** 15n;
  for (const { address } of accounts) {
    desk.ledger.credit(address, COLLATERAL, plenty);
    for (const tokenId of entry.market.tokenIds) desk.ledger.credit(address, tokenId, plenty);
  }
  return { desk, book: entry.book! };
}

function runRound(
  world: ReturnType<typeof buildWorld>,
  conditionId: string,
  accounts: readonly Trader[],
  orders: readonly Prepared[],
  verify: boolean,
  negRisk = false,
): RoundResult {
  const { desk, book } = freshDesk(world, conditionId, accounts);
  let refused = 0;
  let unfilledCrossing = 0;
  let badSignatures = 0;
  const start = performance.now();
  for (const item of orders) {
    if (verify && recoverOrderSigner(CONTRACTS, 2, negRisk, item.struct!, item.order.signature) !== item.signer) {
      badSignatures++;
      continue;
    }
    const placed = desk.place(item.order, item.id, OWNER);
    if (!placed.ok) refused++;
    else if (item.crossing && placed.response.status !== 'matched') unfilledCrossing++;
  }
  const seconds = (performance.now() - start) / 1000;
  const result = {
    rate: orders.length / seconds, refused, unfilledCrossing, badSignatures,
    trades: desk.trades.all().length, restingAtEnd: book.resting.count,
  };
  desk.close();
  return result;
}

/** Part 1: the desk in process. */
function inProcess(rows: BenchRow[]): { matching: number; withSignatures: number } {
  const world = buildWorld(SEED);
  const market = new Exchange(world).liveMarkets().find(
    (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.initialFairPips >= 2_000 && e.market.initialFairPips <= 8_000,
  )!.market;
  const accounts = traders(IN_PROCESS_ACCOUNTS, 0);
  const specs = matchingSequence(market, accounts, MATCH_ORDERS);
  const plain: Prepared[] = specs.map((spec, i) => ({
    order: parsed(spec), id: `0x${(i + 1).toString(16).padStart(64, '0')}` as Hex, crossing: spec.crossing, signer: spec.trader.address,
  }));

  // Matching only: a warm-up round, then the timed rounds.
  runRound(world, market.conditionId, accounts, plain, false);
  const matchRounds: RoundResult[] = [];
  for (let i = 0; i < MATCH_ROUNDS; i++) matchRounds.push(runRound(world, market.conditionId, accounts, plain, false));

  // Matching + signature recovery on the first SIG_ORDERS orders, signed before timing.
  warmOrderSigning();
  const signed: Prepared[] = specs.slice(0, SIG_ORDERS).map((spec, i) => {
    const order = sign(spec, market, i + 1);
    return { order: parsed(spec, order), id: order.hash, crossing: spec.crossing, struct: order.struct, signer: spec.trader.address };
  });
  // Warm-up of the recovery path, outside any timed round.
  for (const item of signed.slice(0, 50)) recoverOrderSigner(CONTRACTS, 2, market.negRisk, item.struct!, item.order.signature);
  const pairedPlain: RoundResult[] = [];
  const pairedSigned: RoundResult[] = [];
  for (let i = 0; i < SIG_ROUNDS; i++) {
    pairedPlain.push(runRound(world, market.conditionId, accounts, signed, false));
    pairedSigned.push(runRound(world, market.conditionId, accounts, signed, true, market.negRisk));
  }

  const matching = median(matchRounds.map((r) => r.rate));
  const withSignatures = median(pairedSigned.map((r) => r.rate));
  // Per-order cost of the recovery: the paired difference of the two per-order times.
  const recoveryUs = median(pairedSigned.map((r, i) => (1 / r.rate - 1 / pairedPlain[i]!.rate) * 1e6));
  const last = matchRounds[matchRounds.length - 1]!;
  const sum = (results: RoundResult[], pick: (r: RoundResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  const all = [...matchRounds, ...pairedPlain, ...pairedSigned];
  const bench = 'matching (in process)';
  rows.push(
    { bench, metric: `matching only, ${MATCH_ORDERS} orders, median of ${MATCH_ROUNDS}`, value: matching, unit: 'orders/s' },
    { bench, metric: 'matching only, lowest round', value: Math.min(...matchRounds.map((r) => r.rate)), unit: 'orders/s' },
    { bench, metric: 'matching only, highest round', value: Math.max(...matchRounds.map((r) => r.rate)), unit: 'orders/s' },
    { bench, metric: 'trades per round', value: last.trades, unit: 'trades' },
    { bench, metric: 'user orders resting at the end of a round', value: last.restingAtEnd, unit: 'orders' },
    { bench, metric: `matching only, first ${SIG_ORDERS} orders (paired)`, value: median(pairedPlain.map((r) => r.rate)), unit: 'orders/s' },
    { bench, metric: `matching + recoverOrderSigner, first ${SIG_ORDERS}`, value: withSignatures, unit: 'orders/s' },
    { bench, metric: 'signature recovery per order (paired difference)', value: recoveryUs, unit: 'µs' },
    { bench, metric: 'refused orders (all rounds; expected 0)', value: sum(all, (r) => r.refused), unit: '' },
    { bench, metric: 'crossing orders not fully filled (expected 0)', value: sum(all, (r) => r.unfilledCrossing), unit: '' },
    { bench, metric: 'signatures not recovering (expected 0)', value: sum(pairedSigned, (r) => r.badSignatures), unit: '' },
  );
  return { matching, withSignatures };
}

// ---------------------------------------------------------------------------------------------
// Part 2: POST /order over loopback.

interface WireRequest {
  path: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

interface PassResult {
  ms: number;
  failures: Map<string, number>;
  matched: number;
}

type Check = (status: number, body: unknown) => string | null;

const sandboxCheck: Check = (status, body) => {
  const answer = body as { success?: unknown; errorMsg?: unknown; error?: unknown } | undefined;
  if (status === 200 && answer?.success === true && answer.errorMsg === '') return null;
  return `${status} ${String(answer?.error ?? answer?.errorMsg ?? 'unreadable body')}`;
};

const echoCheck: Check = (status, body) => (status === 200 && (body as { ok?: unknown } | undefined)?.ok === true ? null : `${status}`);

function send(port: number, agent: Agent, item: WireRequest): Promise<{ status: number; headers: IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: item.path, headers: item.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(item.body);
  });
}

/** Sends every request once, `concurrency` in flight, and checks every answer. */
async function pass(port: number, agent: Agent, items: readonly WireRequest[], check: Check): Promise<PassResult> {
  const failures = new Map<string, number>();
  let matched = 0;
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      let problem: string | null;
      try {
        const { status, body } = await send(port, agent, item);
        problem = check(status, body);
        if (problem === null && (body as { status?: unknown }).status === 'matched') matched++;
      } catch (error) {
        problem = `error ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
      }
      if (problem !== null) failures.set(problem, (failures.get(problem) ?? 0) + 1);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(HTTP_CONCURRENCY, items.length) }, worker));
  return { ms: performance.now() - start, failures, matched };
}

function startEcho(): Promise<Server> {
  const server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      const text = JSON.stringify({ ok: true, bytes });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

async function credentialsFor(clobUrl: string, trader: Trader): Promise<Credentials> {
  const account = privateKeyToAccount(bytesToHex(trader.key));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = await account.signTypedData(clobAuthTypedData(CHAIN_ID, { address: account.address, timestamp, nonce: 0n }));
  const headers = { SVC_ADDRESS: account.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: '0' };
  const response = await fetch(`${clobUrl}/auth/api-key`, { method: 'POST', headers, signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`api key for ${trader.address}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Credentials;
}

async function fund(clobUrl: string, address: Hex): Promise<void> {
  const response = await fetch(`${clobUrl}/sandbox/faucet`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, amount: '100000' }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`faucet for ${address}: ${response.status} ${await response.text()}`);
}

/** GTC BUYs of Yes (bids) and of No (Yes asks) around the mid, resting and crossing alternately. */
function loopbackSpecs(market: MarketEntry['market'], accounts: readonly Trader[], count: number): OrderSpec[] {
  const random = seededRandom(23);
  const tick = PIPS_PER_UNIT * Number(market.tickSize);
  const mid = market.initialFairPips;
  return Array.from({ length: count }, (_, i) => {
    const crossing = i % 2 === 1;
    const yesBid = Math.floor(i / 2) % 2 === 0 ? !crossing : crossing;
    // Resting 1–3 ticks off the mid; crossing 2 ticks through it.
    const yesPips = crossing ? (yesBid ? mid + 2 * tick : mid - 2 * tick) : yesBid ? mid - (1 + Math.floor(random() * 3)) * tick : mid + (1 + Math.floor(random() * 3)) * tick;
    return {
      trader: accounts[i % accounts.length]!,
      tokenId: market.tokenIds[yesBid ? 0 : 1],
      side: 'BUY',
      pips: yesBid ? yesPips : PIPS_PER_UNIT - yesPips,
      cents: (market.minOrderSize + Math.floor(random() * 46)) * 100,
      orderType: 'GTC',
      postOnly: false,
      crossing,
    };
  });
}

interface LoopbackFigures {
  sandbox: number;
  echo: number;
  ratio: number;
  failures: number;
}

async function overLoopback(rows: BenchRow[]): Promise<LoopbackFigures> {
  const market = new Exchange(buildWorld(SEED)).liveMarkets().find(
    (e) => e.market.tickSize === '0.01' && !e.market.negRisk && e.market.initialFairPips >= 2_000 && e.market.initialFairPips <= 8_000,
  )!.market;
  const accounts = traders(HTTP_ACCOUNTS, 100);
  const sandbox = await startSandbox({ seed: SEED, port: 0, simulate: false });
  const echo = await startEcho();
  const agent = new Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY });
  try {
    const clobUrl = sandbox.urls.clob;
    const sandboxPort = Number(new URL(clobUrl).port);
    const echoPort = (echo.address() as AddressInfo).port;
    const creds = new Map<Hex, Credentials>();
    for (const trader of accounts) {
      creds.set(trader.address, await credentialsFor(clobUrl, trader));
      await fund(clobUrl, trader.address);
    }

    // Every request's bytes and headers, before any timing.
    warmOrderSigning();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const specs = loopbackSpecs(market, accounts, HTTP_WARMUP + HTTP_ORDERS);
    const wire: WireRequest[] = specs.map((spec, i) => {
      const { apiKey, secret, passphrase } = creds.get(spec.trader.address)!;
      const text = toPostOrderBody(sign(spec, market, 1_000_000 + i).json, apiKey, 'GTC');
      return {
        path: '/order',
        body: Buffer.from(text, 'utf8'),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          SVC_ADDRESS: spec.trader.address,
          SVC_SIGNATURE: l2Signature(secret, timestamp, 'POST', '/order', text),
          SVC_TIMESTAMP: timestamp,
          SVC_API_KEY: apiKey,
          SVC_PASSPHRASE: passphrase,
        },
      };
    });
    const warmup = wire.slice(0, HTTP_WARMUP);
    const measured = wire.slice(HTTP_WARMUP);

    // Warm both servers and the agent's sockets (the sandbox's warm-up orders are real ones,
    // the echo sees the whole measured set once), then alternate chunk by chunk: the same
    // requests to the echo, then to the sandbox, so both see the same machine load.
    const warmSandbox = await pass(sandboxPort, agent, warmup, sandboxCheck);
    const warmEcho = await pass(echoPort, agent, measured, echoCheck);
    sandbox.resetEdgeStats();
    const sandboxTotal: PassResult = { ms: 0, failures: new Map(warmSandbox.failures), matched: 0 };
    const echoTotal: PassResult = { ms: 0, failures: new Map(warmEcho.failures), matched: 0 };
    const add = (total: PassResult, part: PassResult) => {
      total.ms += part.ms;
      total.matched += part.matched;
      for (const [problem, n] of part.failures) total.failures.set(problem, (total.failures.get(problem) ?? 0) + n);
    };
    const chunkRatios: number[] = [];
    for (let start = 0; start < measured.length; start += HTTP_CHUNK) {
      const chunk = measured.slice(start, start + HTTP_CHUNK);
      const echoPart = await pass(echoPort, agent, chunk, echoCheck);
      const sandboxPart = await pass(sandboxPort, agent, chunk, sandboxCheck);
      add(echoTotal, echoPart);
      add(sandboxTotal, sandboxPart);
      chunkRatios.push(echoPart.ms / sandboxPart.ms);
    }

    const sandboxRate = (measured.length * 1000) / sandboxTotal.ms;
    const echoRate = (measured.length * 1000) / echoTotal.ms;
    const ratio = sandboxRate / echoRate;
    const count = (result: PassResult) => [...result.failures.values()].reduce((a, b) => a + b, 0);
    const failures = count(sandboxTotal);
    const edge = sandbox.edgeStats();
    const throttled = edge.reduce((total, scope) => total + scope.delayed + scope.rejected, 0);
    const orderScope = edge.find((scope) => scope.scope === 'clob:POST /order');

    const bench = 'POST /order (loopback)';
    rows.push(
      { bench, metric: `sandbox, ${HTTP_ORDERS} orders, ${HTTP_CONCURRENCY} in flight`, value: sandboxRate, unit: 'req/s' },
      { bench, metric: 'bare node:http echo, same requests', value: echoRate, unit: 'req/s' },
      { bench, metric: `ratio (sandbox ÷ echo), ${chunkRatios.length} chunks pooled`, value: ratio, unit: 'x' },
      { bench, metric: 'ratio, lowest chunk', value: Math.min(...chunkRatios), unit: 'x' },
      { bench, metric: 'ratio, highest chunk', value: Math.max(...chunkRatios), unit: 'x' },
      { bench, metric: 'sandbox answers matched (the rest rest live)', value: sandboxTotal.matched, unit: 'orders' },
      { bench, metric: 'sandbox failures (warm-up + measured; expected 0)', value: failures, unit: '' },
      { bench, metric: 'echo failures (expected 0)', value: count(echoTotal), unit: '' },
      { bench, metric: 'edge-throttled requests (delayed + rejected)', value: throttled, unit: '' },
      { bench, metric: 'POST /order most in any 10 s window (limit 5000)', value: orderScope?.maxInWindow ?? Number.NaN, unit: '' },
    );
    for (const [problem, n] of sandboxTotal.failures) {
      rows.push({ bench, metric: `failure: ${problem.slice(0, 80)}`, value: n, unit: 'responses' });
    }
    return { sandbox: sandboxRate, echo: echoRate, ratio, failures };
  } finally {
    agent.destroy();
    await new Promise<void>((done) => {
      echo.close(() => done());
      echo.closeAllConnections();
    });
    await sandbox.stop();
  }
}

const bench: Bench = async () => {
  const rows: BenchRow[] = [];
  const local = inProcess(rows);
  const wire = await overLoopback(rows);
  const failed = wire.failures > 0 ? ` (${wire.failures} failed responses)` : '';
  return {
    rows,
    summary: [
      `matching engine (in process): ${Math.round(local.matching)} orders/s (matching only), ` +
        `${Math.round(local.withSignatures)} orders/s with signature checks`,
      `POST /order over loopback: ${Math.round(wire.sandbox)} req/s, bare HTTP echo ${Math.round(wire.echo)} req/s, ` +
        `ratio ${wire.ratio.toFixed(2)}${failed}`,
    ],
  };
};

export default bench;
