import { describe, expect, it } from 'vitest';
import { OrderBuilder, Side, SignatureTypeV2 } from '@polymarket/clob-client-v2';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  OrderAmountError,
  amountReason,
  formatBaseUnits,
  limitOrderAmounts,
  marketBuyAmounts,
  marketSellAmounts,
  priceReason,
  sizeReason,
} from '../../../src/shared/orders/orderAmounts';
import { TICK_SIZES, type TickSize } from '../../../src/shared/protocol/clob';
import { VECTOR_KEY_HEX, seeded } from './fixtures';

const amounts = (makerAmount: bigint, takerAmount: bigint) => ({ makerAmount, takerAmount });

describe('wire-format vectors (reference client)', () => {
  it.each([
    ['0.1', '0.5', 10520000n],
    ['0.01', '0.56', 11782400n],
    ['0.001', '0.056', 1178240n],
    ['0.0001', '0.0056', 117824n],
  ] as const)('limit BUY 21.04 at tick %s, price %s', (tick, price, maker) => {
    expect(limitOrderAmounts('BUY', price, '21.04', tick)).toEqual(amounts(maker, 21040000n));
  });

  it('limit BUY price 0.7 size 170 → 119000000 / 170000000', () => {
    expect(limitOrderAmounts('BUY', '0.7', '170', '0.1')).toEqual(amounts(119000000n, 170000000n));
    expect(limitOrderAmounts('BUY', '0.70', '170', '0.01')).toEqual(amounts(119000000n, 170000000n));
  });

  it('market BUY $100 at 0.56 (tick 0.01) → 100000000 / 178571400', () => {
    expect(marketBuyAmounts('100', '0.56', '0.01')).toEqual(amounts(100000000n, 178571400n));
  });
});

describe('SELL mirrors BUY', () => {
  it.each([
    ['0.1', '0.5', 10520000n],
    ['0.01', '0.56', 11782400n],
    ['0.001', '0.056', 1178240n],
    ['0.0001', '0.0056', 117824n],
  ] as const)('limit SELL 21.04 at tick %s, price %s', (tick, price, usd) => {
    expect(limitOrderAmounts('SELL', price, '21.04', tick)).toEqual(amounts(21040000n, usd));
  });

  it('market SELL equals limit SELL', () => {
    expect(marketSellAmounts('170', '0.7', '0.1')).toEqual(amounts(170000000n, 119000000n));
    expect(marketSellAmounts('21.04', '0.0056', '0.0001')).toEqual(limitOrderAmounts('SELL', '0.0056', '21.04', '0.0001'));
  });
});

describe('rounding edge cases', () => {
  it('rounds the size down to 2 decimals, like the reference', () => {
    expect(limitOrderAmounts('BUY', '0.5', '10.019', '0.1')).toEqual(amounts(5005000n, 10010000n));
    expect(limitOrderAmounts('SELL', '0.5', '10.0199999', '0.1')).toEqual(amounts(10010000n, 5005000n));
    expect(() => limitOrderAmounts('BUY', '0.5', '0.009', '0.1')).toThrow(OrderAmountError);
  });

  it('keeps every decimal of size × price (6 at tick 0.0001)', () => {
    expect(limitOrderAmounts('BUY', '0.0001', '0.01', '0.0001')).toEqual(amounts(1n, 10000n));
    expect(limitOrderAmounts('BUY', '0.9999', '99999.99', '0.0001')).toEqual(amounts(99989990001n, 99999990000n));
    expect(limitOrderAmounts('BUY', '0.0025', '0.01', '0.0025')).toEqual(amounts(25n, 10000n));
  });

  it('market BUY: USD down to 2 decimals, shares down to the tick amount decimals', () => {
    // 10 / 0.03 = 333.3333… → 4 decimals at tick 0.01
    expect(marketBuyAmounts('10', '0.03', '0.01')).toEqual(amounts(10000000n, 333333300n));
    // 5 decimals at tick 0.001: 1 / 0.007 = 142.857142…
    expect(marketBuyAmounts('1', '0.007', '0.001')).toEqual(amounts(1000000n, 142857140n));
    // 6 decimals at tick 0.0001: 1 / 0.0003 = 3333.333333…
    expect(marketBuyAmounts('1', '0.0003', '0.0001')).toEqual(amounts(1000000n, 3333333333n));
    // exact quotient: 1.12 / 0.56 = 2
    expect(marketBuyAmounts('1.12', '0.56', '0.01')).toEqual(amounts(1120000n, 2000000n));
    // USD below a cent is dropped
    expect(marketBuyAmounts('100.009', '0.56', '0.01')).toEqual(amounts(100000000n, 178571400n));
    expect(() => marketBuyAmounts('0.001', '0.56', '0.01')).toThrow(OrderAmountError);
  });

  it('refuses prices off the tick or outside [tick, 1 − tick]', () => {
    expect(() => limitOrderAmounts('BUY', '0.565', '10', '0.01')).toThrow(/not a multiple of the tick size 0.01/);
    expect(() => limitOrderAmounts('BUY', '0.123', '10', '0.005')).toThrow(/tick size 0.005/);
    expect(() => limitOrderAmounts('BUY', '1', '10', '0.01')).toThrow(/between 0.01 and 0.99/);
    expect(() => marketBuyAmounts('10', '0', '0.01')).toThrow(/between/);
    expect(() => limitOrderAmounts('BUY', 'abc', '10', '0.01')).toThrow(/not a number/);
    expect(() => limitOrderAmounts('BUY', '0.5', '10', '0.02' as TickSize)).toThrow(/unknown tick size/);
  });

  it('accepts trailing zeros and the range bounds', () => {
    expect(limitOrderAmounts('BUY', '0.5600', '21.0400', '0.01')).toEqual(amounts(11782400n, 21040000n));
    expect(limitOrderAmounts('SELL', '0.01', '1', '0.01')).toEqual(amounts(1000000n, 10000n));
    expect(limitOrderAmounts('SELL', '0.99', '1', '0.01')).toEqual(amounts(1000000n, 990000n));
    expect(limitOrderAmounts('BUY', '0.9975', '4', '0.0025')).toEqual(amounts(3990000n, 4000000n));
  });
});

describe('validation helpers', () => {
  it('priceReason', () => {
    expect(priceReason('0.56', '0.01')).toBeNull();
    expect(priceReason('0.005', '0.005')).toBeNull();
    expect(priceReason('0.995', '0.005')).toBeNull();
    expect(priceReason('0.0050', '0.0025')).toBeNull();
    expect(priceReason('0.004', '0.005')).toBe('price 0.004 must be between 0.005 and 0.995');
    expect(priceReason('0.991', '0.01')).toBe('price 0.991 must be between 0.01 and 0.99');
    expect(priceReason('0.0026', '0.0025')).toBe('price 0.0026 is not a multiple of the tick size 0.0025');
    expect(priceReason('-0.5', '0.01')).toMatch(/not a number/);
    expect(priceReason('1e-2', '0.01')).toMatch(/not a number/);
    expect(priceReason('', '0.01')).toMatch(/not a number/);
  });

  it('sizeReason', () => {
    expect(sizeReason('21.04')).toBeNull();
    expect(sizeReason('5', '5')).toBeNull();
    expect(sizeReason('21.045')).toBe('size 21.045 has more than 2 decimals');
    expect(sizeReason('0')).toBe('size must be greater than zero');
    expect(sizeReason('4.99', '5')).toBe('size 4.99 is below the minimum of 5 shares');
    expect(sizeReason('x')).toMatch(/not a number/);
  });

  it('amountReason', () => {
    expect(amountReason('100')).toBeNull();
    expect(amountReason('100.25')).toBeNull();
    expect(amountReason('100.255')).toBe('amount 100.255 has more than 2 decimals');
    expect(amountReason('0.00')).toBe('amount must be greater than zero');
  });

  it('formatBaseUnits', () => {
    expect(formatBaseUnits(11782400n)).toBe('11.7824');
    expect(formatBaseUnits(178571400n)).toBe('178.5714');
    expect(formatBaseUnits(1n)).toBe('0.000001');
    expect(formatBaseUnits(0n)).toBe('0');
  });
});

describe('agreement with @polymarket/clob-client-v2 on random orders', () => {
  const account = privateKeyToAccount(VECTOR_KEY_HEX);
  const reference = new OrderBuilder(createWalletClient({ account, transport: http('http://127.0.0.1:9') }), 137, SignatureTypeV2.EOA);
  const decimalsOf = (tick: TickSize) => tick.length - 2;
  const r = seeded(31);

  /** A random price on the tick, as the shortest decimal string. */
  const randomPrice = (tick: TickSize): string => {
    const d = decimalsOf(tick);
    const tickUnits = Math.round(Number(tick) * 10 ** d);
    const steps = Math.round(10 ** d / tickUnits);
    const k = 1 + r.int(steps - 1);
    return (k * tickUnits / 10 ** d).toFixed(d).replace(/0+$/, '').replace(/\.$/, '');
  };
  /** Sizes from 0.01 to 100 000 with 0–4 decimals (extra decimals exercise the round-down). */
  const randomSize = (): string => {
    const decimals = r.int(5);
    const whole = r.int(4) === 0 ? 0 : r.int(10 ** (1 + r.int(5)));
    const fraction = decimals ? `.${String(1 + r.int(10 ** decimals - 1)).padStart(decimals, '0')}` : '';
    const size = `${whole}${fraction}`;
    return Number(size) >= 0.01 ? size : '0.01';
  };

  it('limit orders: 360 random price/size/tick/side combinations', async () => {
    for (let i = 0; i < 360; i++) {
      const tick = TICK_SIZES[i % TICK_SIZES.length]!;
      const side = r.int(2) ? 'BUY' : 'SELL';
      const price = randomPrice(tick);
      const size = randomSize();
      const theirs = await reference.buildOrder(
        { tokenID: '1234', price: Number(price), size: Number(size), side: side === 'BUY' ? Side.BUY : Side.SELL },
        { tickSize: tick, negRisk: false },
        2,
      );
      const ours = limitOrderAmounts(side, price, size, tick);
      expect({ maker: ours.makerAmount.toString(), taker: ours.takerAmount.toString() }, `${side} ${size} @ ${price} tick ${tick}`).toEqual({
        maker: theirs.makerAmount,
        taker: theirs.takerAmount,
      });
    }
  });

  it('market BUY (USD) and SELL (shares): 240 random combinations', async () => {
    for (let i = 0; i < 240; i++) {
      const tick = TICK_SIZES[i % TICK_SIZES.length]!;
      const buy = i % 3 !== 0;
      const price = randomPrice(tick);
      const amount = buy ? `${1 + r.int(5000)}.${String(r.int(1000)).padStart(3, '0')}` : randomSize();
      const theirs = await reference.buildMarketOrder(
        { tokenID: '1234', price: Number(price), amount: Number(amount), side: buy ? Side.BUY : Side.SELL },
        { tickSize: tick, negRisk: false },
        2,
      );
      const ours = buy ? marketBuyAmounts(amount, price, tick) : marketSellAmounts(amount, price, tick);
      expect({ maker: ours.makerAmount.toString(), taker: ours.takerAmount.toString() }, `${buy ? 'BUY $' : 'SELL '}${amount} @ ${price} tick ${tick}`).toEqual({
        maker: theirs.makerAmount,
        taker: theirs.takerAmount,
      });
    }
  });
});
