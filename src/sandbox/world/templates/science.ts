/** Science, technology and climate event templates. */
import { AI_COMPANIES, AI_MODELS, CITIES, SPACE_COMPANIES } from './names';
import { fieldWeights, type EventTemplate } from './draft';

export const modelRelease: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const company = rng.pick(AI_COMPANIES);
  const model = rng.pick(AI_MODELS);
  const days = rng.int(30, 240);
  return {
    title: `${company} releases ${model} by ${ctx.dateLabel(days)}?`,
    description: `Resolves "Yes" if ${company} makes ${model} generally available to the public (not a waitlist or private preview) before ${ctx.dateLabel(days)}.`,
    resolutionSource: `${company}'s official announcements`,
    category: 'Science',
    subcategory: 'AI',
    tagSlugs: ['ai', 'tech'],
    negRisk: false,
    markets: [{ question: `Will ${company} release ${model} before ${ctx.dateLabel(days)}?`, groupItemTitle: model, weight: 0.2 + rng.next() * 0.6 }],
    endInDays: days,
  };
};

export const topModel: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const days = rng.int(25, 100);
  const { month, year } = ctx.monthLabel(days);
  const companies = rng.sample(AI_COMPANIES, rng.int(4, 6));
  const weights = fieldWeights(rng, companies.length);
  return {
    title: `Which company has the best AI model end of ${month}?`,
    description: `Resolves to the company whose model ranks first on the Open Model Arena text leaderboard on the last day of ${month} ${year}, 12:00 ET.`,
    resolutionSource: 'the Open Model Arena text leaderboard',
    category: 'Science',
    subcategory: 'AI',
    tagSlugs: ['ai', 'tech'],
    negRisk: true,
    markets: companies.map((company, i) => ({
      question: `Will ${company} have the top AI model at the end of ${month} ${year}?`,
      groupItemTitle: company,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: days,
    seriesKey: 'ai-leaderboard',
  };
};

export const launch: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const company = rng.pick(SPACE_COMPANIES);
  const horizons = [45, 120, 240].map((d) => d + rng.int(0, 15));
  return {
    title: `${company} reaches orbit by...?`,
    description: `Each market resolves "Yes" if a ${company} launch vehicle places a payload into Earth orbit before its date, as confirmed by the company and independent tracking.`,
    resolutionSource: 'independent orbital tracking catalogues',
    category: 'Science',
    subcategory: 'Space',
    tagSlugs: ['space', 'tech'],
    negRisk: false,
    markets: horizons.map((days, i) => ({
      question: `Will ${company} reach orbit before ${ctx.dateLabel(days)}?`,
      groupItemTitle: ctx.dateLabel(days),
      weight: 0.2 + i * 0.2 + rng.next() * 0.1,
    })),
    endInDays: horizons[2] ?? 250,
  };
};

export const hottestYear: EventTemplate = ({ rng, year }) => ({
  title: `Will ${year} be the hottest year on record?`,
  description: `Resolves "Yes" if the global mean surface temperature anomaly for ${year} is the highest on record in the first annual report of the climate agency.`,
  resolutionSource: 'the annual global climate report of the climate agency',
  category: 'Climate',
  subcategory: 'Global Temperature',
  tagSlugs: ['weather', 'climate-records'],
  negRisk: false,
  markets: [{ question: `Will ${year} be the hottest year on record?`, groupItemTitle: `${year}`, weight: 0.3 + rng.next() * 0.5 }],
  endInDays: rng.int(40, 90),
});

export const cityTemperature: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const city = rng.pick(CITIES);
  const days = rng.int(1, 6);
  const date = ctx.dateLabel(days);
  const low = rng.int(40, 80);
  const labels = [`${low - 1}°F or below`, ...[0, 2, 4, 6].map((d) => `${low + d}-${low + d + 1}°F`), `${low + 8}°F or higher`];
  return {
    title: `Highest temperature in ${city} on ${date}?`,
    description: `The highest temperature recorded at ${city} International Airport on ${date}, in whole degrees Fahrenheit, as published by the weather service.`,
    resolutionSource: 'the weather service daily climate report',
    category: 'Climate',
    subcategory: 'Weather',
    tagSlugs: ['weather'],
    negRisk: true,
    markets: labels.map((label, i) => ({
      question: `Will the highest temperature in ${city} be ${label} on ${date}?`,
      groupItemTitle: label,
      weight: 1 / (1 + Math.abs(i - 2.5)) * (0.6 + rng.next() * 0.8),
    })),
    endInDays: days,
    seriesKey: 'daily-weather',
  };
};

export const hurricane: EventTemplate = ({ rng, year }) => ({
  title: `Category 5 hurricane landfall in ${year + 1}?`,
  description: `Resolves "Yes" if a hurricane makes landfall anywhere while at Category 5 intensity during the ${year + 1} season, per the hurricane centre's final report.`,
  resolutionSource: 'the national hurricane centre',
  category: 'Climate',
  subcategory: 'Hurricanes',
  tagSlugs: ['hurricanes', 'weather'],
  negRisk: false,
  markets: [{ question: `Will a Category 5 hurricane make landfall in ${year + 1}?`, groupItemTitle: `${year + 1}`, weight: 0.1 + rng.next() * 0.3 }],
  endInDays: rng.int(250, 400),
});
