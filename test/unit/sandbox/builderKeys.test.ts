/**
 * Builder keys without HTTP: the key store, builder-header verification, the state section,
 * the trade log's builder index, builder codes on orders and trades in the trading section, and
 * the `builder` field of parsed orders.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keccak256, stringToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { verifyBuilderHeaders } from '../../../src/sandbox/clob/auth/builderAuth';
import { builderKeySection, decodeBuilderKeys, encodeBuilderKeys } from '../../../src/sandbox/clob/auth/builderKeyState';
import { BuilderKeyStore, MAX_BUILDER_KEYS_PER_ADDRESS } from '../../../src/sandbox/clob/auth/builderKeyStore';
import type { L2Request } from '../../../src/sandbox/clob/auth/l2Auth';
import { SandboxStateStore, STATE_FORMAT, STATE_VERSION } from '../../../src/sandbox/state/stateStore';
import { StateFormatError } from '../../../src/sandbox/state/stateFields';
import { parseOrderBody } from '../../../src/sandbox/trading/orderPayload';
import { TradeLog, type TradeRecord } from '../../../src/sandbox/trading/tradeLog';
import { decodeTrading, encodeTrading } from '../../../src/sandbox/trading/tradingState';
import type { TradingSnapshot } from '../../../src/sandbox/trading/tradingDesk';
import { l2Signature } from '../../../src/signing/l2Hmac';

const ALICE = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const BOB = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SECRET = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
const NOW = 1_780_000_000_000;
const CODE_A = `0x${'a'.repeat(64)}`;
const CODE_B = `0x${'b'.repeat(64)}`;

/** A store whose keys are fresh uuids with a known secret and passphrase. */
const knownStore = () => new BuilderKeyStore(() => ({ key: randomUUID(), secret: SECRET, passphrase: 'cd'.repeat(32) }));

describe('BuilderKeyStore', () => {
  it('creates keys with code keccak256(key), owned case-insensitively, and revokes once', () => {
    const store = new BuilderKeyStore();
    let changes = 0;
    store.onChange = () => (changes += 1);
    const made = store.create(ALICE.toUpperCase().replace('0X', '0x'), NOW);
    expect(made).toMatchObject({ address: ALICE, createdAtMs: NOW, revokedAtMs: null });
    expect(made?.builderCode).toBe(keccak256(stringToBytes(made?.key ?? '')));
    expect(store.keysOf(ALICE).map((k) => k.key)).toEqual([made?.key]);
    expect(store.keysOf(BOB)).toEqual([]);
    expect(store.revoke(made?.key ?? '', NOW + 5)).toBe(true);
    expect(store.get(made?.key ?? '')?.revokedAtMs).toBe(NOW + 5);
    expect(store.revoke(made?.key ?? '', NOW + 6)).toBe(false);
    expect(store.revoke(randomUUID(), NOW)).toBe(false);
    expect(changes).toBe(2);
  });

  it(`refuses the ${MAX_BUILDER_KEYS_PER_ADDRESS + 1}th key of one address, revoked keys included`, () => {
    const store = new BuilderKeyStore();
    for (let i = 0; i < MAX_BUILDER_KEYS_PER_ADDRESS; i += 1) {
      const key = store.create(ALICE, NOW);
      if (i === 0) store.revoke(key?.key ?? '', NOW);
    }
    expect(store.create(ALICE, NOW)).toBeNull();
    expect(store.create(BOB, NOW)).not.toBeNull();
  });
});

describe('verifyBuilderHeaders', () => {
  const store = knownStore();
  const key = store.create(ALICE, NOW);
  if (!key) throw new Error('no key');
  const seconds = String(NOW / 1000);

  function req(over: Record<string, string | undefined> = {}, body = '', path = '/builder/trades', method = 'GET'): L2Request {
    const headers: Record<string, string | undefined> = {
      svc_builder_api_key: key?.key,
      svc_builder_passphrase: key?.passphrase,
      svc_builder_timestamp: seconds,
      svc_builder_signature: l2Signature(SECRET, seconds, 'GET', '/builder/trades', body),
      ...over,
    };
    return { method, path, body, rawBody: Buffer.from(body), headers };
  }

  it('accepts the key\'s own HMAC over timestamp, method, path and body', () => {
    expect(verifyBuilderHeaders(req(), store, NOW)).toEqual({ kind: 'ok', key });
    const body = '{"key":"x"}';
    const signed = req({ svc_builder_signature: l2Signature(SECRET, seconds, 'DELETE', '/auth/builder-api-key', body) }, body, '/auth/builder-api-key', 'DELETE');
    expect(verifyBuilderHeaders(signed, store, NOW).kind).toBe('ok');
  });

  it('answers bad-headers for missing, malformed, stale or wrong values', () => {
    for (const over of [
      { svc_builder_api_key: undefined }, { svc_builder_api_key: 'key' }, { svc_builder_passphrase: undefined },
      { svc_builder_passphrase: 'ab'.repeat(32) }, { svc_builder_signature: undefined }, { svc_builder_signature: 'AAAA' },
      { svc_builder_timestamp: undefined }, { svc_builder_timestamp: '1.5' },
    ]) {
      expect(verifyBuilderHeaders(req(over), store, NOW), JSON.stringify(over)).toEqual({ kind: 'bad-headers' });
    }
    expect(verifyBuilderHeaders(req(), store, NOW + 6 * 60_000)).toEqual({ kind: 'bad-headers' });
    // Signed for another path, or over another body.
    expect(verifyBuilderHeaders(req({}, '', '/auth/builder-api-key'), store, NOW)).toEqual({ kind: 'bad-headers' });
    expect(verifyBuilderHeaders({ ...req(), body: '{}', rawBody: Buffer.from('{}') }, store, NOW)).toEqual({ kind: 'bad-headers' });
  });

  it('tells unknown and revoked keys apart (a revoked key still has to sign correctly)', () => {
    const ghost = randomUUID();
    expect(verifyBuilderHeaders(req({ svc_builder_api_key: ghost }), store, NOW)).toEqual({ kind: 'unknown', key: ghost });
    const other = knownStore();
    const gone = other.create(BOB, NOW);
    other.revoke(gone?.key ?? '', NOW);
    const headers = { svc_builder_api_key: gone?.key, svc_builder_passphrase: gone?.passphrase };
    expect(verifyBuilderHeaders(req(headers), other, NOW).kind).toBe('revoked');
    expect(verifyBuilderHeaders(req({ ...headers, svc_builder_signature: 'x' }), other, NOW).kind).toBe('bad-headers');
  });
});

describe('builder key state section', () => {
  function filled() {
    const store = new BuilderKeyStore();
    const a = store.create(ALICE, NOW);
    store.create(BOB, NOW + 1);
    store.revoke(a?.key ?? '', NOW + 2);
    return store;
  }

  it('round-trips active and revoked keys in creation order', () => {
    const store = filled();
    const again = new BuilderKeyStore();
    const section = builderKeySection(again);
    section.decode(JSON.parse(JSON.stringify(encodeBuilderKeys(store))))();
    expect(again.all()).toEqual(store.all());
    expect(encodeBuilderKeys(again)).toMatchObject({ version: 1 });
  });

  it('refuses another version, a builder code that is not keccak256(key), repeats and bad fields', () => {
    const good = encodeBuilderKeys(filled()) as { version: number; keys: Array<Record<string, unknown>> };
    const variants: unknown[] = [
      { ...good, version: 2 },
      { keys: good.keys },
      { ...good, keys: [{ ...good.keys[0], builderCode: CODE_A }] },
      { ...good, keys: [good.keys[0], good.keys[0]] },
      { ...good, keys: [{ ...good.keys[0], address: ALICE.toUpperCase() }] },
      { ...good, keys: [{ ...good.keys[0], key: 'not-a-uuid' }] },
      { ...good, keys: [{ ...good.keys[0], revokedAtMs: -1 }] },
      { ...good, keys: [{ ...good.keys[0], secret: '' }] },
      { ...good, keys: 'none' },
    ];
    for (const variant of variants) expect(() => decodeBuilderKeys(variant), JSON.stringify(variant)).toThrow(StateFormatError);
  });

  it('a state file with an invalid builder section is set aside; one without it starts with no builder keys', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'md-builder-state-'));
    try {
      const file = join(dir, 'state.json');
      await writeFile(file, JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION, clobBuilderKeys: { version: 9, keys: [] } }));
      const lines: string[] = [];
      const bad = await SandboxStateStore.open(file, [builderKeySection(new BuilderKeyStore())], { log: (l) => lines.push(l) });
      expect(bad.origin).toBe('set-aside');
      expect(lines.join('\n')).toContain('clobBuilderKeys.version must be 1');
      await bad.close();
      await writeFile(file, JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION }));
      const store = new BuilderKeyStore();
      const old = await SandboxStateStore.open(file, [builderKeySection(store)], { log: () => {} });
      expect(old.origin).toBe('loaded');
      expect(store.all()).toEqual([]);
      await old.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function trade(id: string, takerBuilder?: string, makerBuilders: Array<string | undefined> = []): TradeRecord {
  return {
    id, takerOrderId: `0x${'1'.repeat(64)}`, takerOwner: 'k', takerSigner: ALICE, takerAddress: ALICE, market: `0x${'2'.repeat(64)}`,
    tokenId: '5', outcome: 0, side: 'BUY', price: 5000, size: 500, matchTimeMs: NOW, transactionHash: `0x${'3'.repeat(64)}`,
    makers: makerBuilders.map((builder, i) => ({
      orderId: `0x${String(i).repeat(64)}`, owner: 'm', signer: BOB, makerAddress: BOB, size: 500, price: 5000, tokenId: '5', outcome: 0,
      side: 'SELL', ...(builder ? { builder } : {}),
    })),
    ...(takerBuilder ? { takerBuilder } : {}),
  };
}

describe('TradeLog builder index', () => {
  it('finds trades by the taker\'s or a maker\'s code, newest first, and forgets the oldest with the bound', () => {
    const log = new TradeLog(3);
    log.add(trade('t1', CODE_A));
    log.add(trade('t2', undefined, [undefined, CODE_A]));
    log.add(trade('t3', CODE_B, [CODE_B]));
    log.add(trade('t4'));
    // t1 was forgotten (bound 3).
    expect(log.forBuilder(CODE_A).map((t) => t.id)).toEqual(['t2']);
    expect(log.forBuilder(CODE_B).map((t) => t.id)).toEqual(['t3']);
    log.restore([trade('r1', CODE_A), trade('r2', CODE_A)]);
    expect(log.forBuilder(CODE_A).map((t) => t.id)).toEqual(['r2', 'r1']);
    expect(log.forBuilder(CODE_B)).toEqual([]);
  });
});

describe('builder codes in the trading section', () => {
  const order = {
    id: `0x${'4'.repeat(64)}`, owner: 'k', signer: ALICE, maker: ALICE, market: `0x${'2'.repeat(64)}`, tokenId: '5', outcome: 0 as const,
    side: 'BUY' as const, orderType: 'GTC' as const, postOnly: false, price: 5000, originalSize: 500, sizeMatched: 500, reserved: 0n,
    status: 'MATCHED' as const, createdAtMs: NOW, expiration: 0, tradeIds: ['t1'], makerAmount: '2500000', takerAmount: '5000000', signatureType: 0,
  };
  const snapshot = (orders: TradingSnapshot['orders'], trades: TradeRecord[]): TradingSnapshot => ({
    balances: [], orders, trades, notifications: { nextId: 1, byAddress: {} }, funders: [],
  });

  it('round-trips the optional builder of orders, takers and makers, and reads records without them', () => {
    const saved = snapshot([{ ...order, builder: CODE_A }, { ...order, id: `0x${'5'.repeat(64)}` }], [trade('t1', CODE_A, [CODE_B, undefined]), trade('t2')]);
    const decoded = decodeTrading(encodeTrading(saved, 7), 7);
    expect(decoded?.orders[0]?.builder).toBe(CODE_A);
    expect(decoded?.orders[1]).not.toHaveProperty('builder');
    expect(decoded?.trades[0]).toMatchObject({ takerBuilder: CODE_A, makers: [{ builder: CODE_B }, expect.not.objectContaining({ builder: expect.anything() })] });
    expect(decoded?.trades[1]).not.toHaveProperty('takerBuilder');
    expect(decoded?.trades).toEqual(saved.trades);
  });

  it('refuses a builder code that is not lower-case bytes32 hex', () => {
    const bad = encodeTrading(snapshot([{ ...order, builder: CODE_A.toUpperCase() }], []), 7);
    expect(() => decodeTrading(bad, 7)).toThrow(StateFormatError);
    const badTrade = encodeTrading(snapshot([], [trade('t1', '0x12')]), 7);
    expect(() => decodeTrading(badTrade, 7)).toThrow(StateFormatError);
  });
});

describe('parseOrderBody builder field', () => {
  const body = (builder: string) => ({
    owner: 'k', orderType: 'GTC',
    order: {
      salt: 1, maker: ALICE, signer: ALICE, tokenId: '5', makerAmount: '2500000', takerAmount: '5000000', side: 'BUY', signatureType: 0,
      timestamp: '1780000000000', metadata: `0x${'0'.repeat(64)}`, builder, expiration: '0', signature: `0x${'ab'.repeat(65)}`,
    },
  });

  it('keeps a non-zero v2 builder lower-cased and leaves a zero one out', () => {
    expect(parseOrderBody(body(`0x${'A'.repeat(64)}`), 2)?.builder).toBe(CODE_A);
    expect(parseOrderBody(body(`0x${'0'.repeat(64)}`), 2)).not.toHaveProperty('builder');
    expect(parseOrderBody(body('0x12'), 2)).toBeNull();
  });
});
