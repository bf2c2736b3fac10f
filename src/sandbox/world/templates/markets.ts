/** Crypto and economics event templates. */
import { CRYPTO_ASSETS } from './names';
import { money, type EventTemplate } from './draft';

export const cryptoAbove: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const asset = rng.pick(CRYPTO_ASSETS);
  const days = rng.int(3, 45);
  const date = ctx.dateLabel(days);
  const count = rng.int(3, 5);
  const base = asset.price + (rng.int(-2, 2) - Math.floor(count / 2)) * asset.step;
  return {
    title: `${asset.name} above ___ on ${date}?`,
    description: `Each market resolves "Yes" if the ${asset.ticker}/USD close on ${date} (12:00 ET, one-minute candle) is strictly above its price.`,
    resolutionSource: `the ${asset.ticker}/USD one-minute close on a major spot exchange`,
    category: 'Crypto',
    subcategory: asset.name,
    tagSlugs: [asset.tag, 'crypto-prices'],
    negRisk: false,
    markets: Array.from({ length: count }, (_, i) => {
      const strike = base + i * asset.step;
      return {
        question: `Will the price of ${asset.name} be above ${money(strike)} on ${date}?`,
        groupItemTitle: money(strike),
        weight: 0.92 - (i * 0.84) / Math.max(1, count - 1) + (rng.next() - 0.5) * 0.06,
      };
    }),
    endInDays: days,
    seriesKey: `${asset.ticker}-daily`,
  };
};

export const cryptoHit: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const asset = rng.pick(CRYPTO_ASSETS);
  const days = rng.int(30, 200);
  const target = asset.price + rng.int(2, 8) * asset.step;
  return {
    title: `Will ${asset.name} hit ${money(target)} by ${ctx.dateLabel(days)}?`,
    description: `Resolves "Yes" if any one-minute candle of ${asset.ticker}/USD trades at or above ${money(target)} before ${ctx.dateLabel(days)}, 23:59 ET.`,
    resolutionSource: `the ${asset.ticker}/USD one-minute candles on a major spot exchange`,
    category: 'Crypto',
    subcategory: asset.name,
    tagSlugs: [asset.tag, 'crypto-prices'],
    negRisk: false,
    markets: [{ question: `Will ${asset.name} reach ${money(target)} by ${ctx.dateLabel(days)}?`, groupItemTitle: money(target), weight: 0.1 + rng.next() * 0.5 }],
    endInDays: days,
  };
};

export const cryptoRange: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const asset = rng.pick(CRYPTO_ASSETS);
  const days = rng.int(5, 30);
  const date = ctx.dateLabel(days);
  const width = asset.step;
  const low = asset.price - 2 * width + rng.int(-1, 1) * width;
  const buckets = [`<${money(low)}`];
  for (let i = 0; i < 4; i += 1) buckets.push(`${money(low + i * width)}-${money(low + (i + 1) * width)}`);
  buckets.push(`>${money(low + 4 * width)}`);
  return {
    title: `${asset.name} price on ${date}?`,
    description: `Which range will the ${asset.ticker}/USD close on ${date} (12:00 ET) fall in? Exactly one market resolves "Yes".`,
    resolutionSource: `the ${asset.ticker}/USD one-minute close on a major spot exchange`,
    category: 'Crypto',
    subcategory: asset.name,
    tagSlugs: [asset.tag, 'crypto-prices'],
    negRisk: true,
    markets: buckets.map((bucket, i) => ({
      question: `Will the price of ${asset.name} be ${bucket.startsWith('<') ? 'less than ' + bucket.slice(1) : bucket.startsWith('>') ? 'greater than ' + bucket.slice(1) : 'between ' + bucket.replace('-', ' and ')} on ${date}?`,
      groupItemTitle: bucket,
      weight: 1 / (1 + Math.abs(i - 2.5)) * (0.7 + rng.next() * 0.6),
    })),
    endInDays: days,
    seriesKey: `${asset.ticker}-daily`,
  };
};

export const rateDecision: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const days = rng.int(20, 120);
  const { month, year } = ctx.monthLabel(days);
  const options = ['No change', '25 bps decrease', '50+ bps decrease', '25+ bps increase'];
  const weights = [0.55, 0.3, 0.08, 0.07].map((w) => w * (0.7 + rng.next() * 0.6));
  return {
    title: `Fed decision in ${month} ${year}?`,
    description: `What will the central bank's target rate decision be at its ${month} ${year} meeting, compared with the upper bound before the meeting?`,
    resolutionSource: 'the official statement released after the meeting',
    category: 'Economics',
    subcategory: 'Fed Rates',
    tagSlugs: ['fed-rates', 'macro'],
    negRisk: true,
    markets: options.map((option, i) => ({
      question: option === 'No change'
        ? `Will there be no change in Fed interest rates after the ${month} ${year} meeting?`
        : `Will the Fed ${option.includes('increase') ? 'increase' : 'decrease'} interest rates by ${option.replace(/ (increase|decrease)$/, '')} after the ${month} ${year} meeting?`,
      groupItemTitle: option,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: days,
    seriesKey: 'fed-decisions',
  };
};

export const inflation: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const days = rng.int(15, 80);
  const { month, year } = ctx.monthLabel(days - 14);
  const levels = ['2.6', '2.8', '3.0', '3.2'];
  return {
    title: `US inflation (CPI YoY) for ${month} ${year}`,
    description: `Resolves on the year-over-year change of the headline Consumer Price Index for ${month} ${year}, as first published, rounded to one decimal.`,
    resolutionSource: 'the first CPI release of the national statistics bureau',
    category: 'Economics',
    subcategory: 'Inflation',
    tagSlugs: ['inflation', 'macro'],
    negRisk: false,
    markets: levels.map((level, i) => ({
      question: `Will annual CPI inflation be above ${level}% for ${month} ${year}?`,
      groupItemTitle: `>${level}%`,
      weight: 0.85 - i * 0.22 + (rng.next() - 0.5) * 0.05,
    })),
    endInDays: days,
    seriesKey: 'cpi',
  };
};

export const recession: EventTemplate = ({ rng, year }) => ({
  title: `US recession in ${year + 1}?`,
  description: `Resolves "Yes" if two consecutive quarters of negative real GDP growth are reported for any period in ${year + 1}, or a recession is officially declared, by the end date.`,
  resolutionSource: 'the national accounts of the economic statistics bureau',
  category: 'Economics',
  subcategory: 'Growth',
  tagSlugs: ['macro', 'gdp'],
  negRisk: false,
  markets: [{ question: `Will the US enter a recession in ${year + 1}?`, groupItemTitle: `${year + 1}`, weight: 0.15 + rng.next() * 0.3 }],
  endInDays: rng.int(300, 420),
});
