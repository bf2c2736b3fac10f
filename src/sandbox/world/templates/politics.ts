/** Politics and world-affairs event templates. */
import { BLOCS, CITIES, COUNTRIES, PARTIES, SUMMITS } from './names';
import { distinctNames, fieldWeights, personName, type EventTemplate } from './draft';

const ELECTION_SOURCE = 'the official results published by the national election commission';

export const presidentialElection: EventTemplate = ({ rng, year }) => {
  const country = rng.pick(COUNTRIES);
  const electionYear = year + rng.int(0, 2);
  const names = distinctNames(rng, rng.int(4, 7));
  const weights = fieldWeights(rng, names.length);
  return {
    title: `${country} Presidential Election Winner ${electionYear}`,
    description: `This event is about who will win the ${electionYear} presidential election in ${country}. Each market resolves to "Yes" if the named candidate is declared the winner, and "No" otherwise. If the election is postponed beyond the end date, all markets resolve "No".`,
    resolutionSource: ELECTION_SOURCE,
    category: 'Politics',
    subcategory: 'Elections',
    tagSlugs: ['elections', 'world-elections'],
    negRisk: true,
    markets: names.map((name, i) => ({
      question: `Will ${name} win the ${electionYear} ${country} presidential election?`,
      groupItemTitle: name,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: rng.int(60, 420),
    seriesKey: 'elections',
  };
};

export const parliamentMajority: EventTemplate = ({ rng, year }) => {
  const country = rng.pick(COUNTRIES);
  const parties = rng.sample(PARTIES, rng.int(4, 6));
  const weights = fieldWeights(rng, parties.length);
  return {
    title: `Which party wins the most seats in the ${country} general election?`,
    description: `Resolves to the party that wins the largest number of seats in the ${year + 1} general election in ${country}. Ties are broken by the national vote share.`,
    resolutionSource: ELECTION_SOURCE,
    category: 'Politics',
    subcategory: 'Elections',
    tagSlugs: ['elections', 'world-elections'],
    negRisk: true,
    markets: parties.map((party, i) => ({
      question: `Will the ${party} win the most seats in the ${country} general election?`,
      groupItemTitle: party,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: rng.int(90, 400),
    seriesKey: 'elections',
  };
};

export const leaderSurvives: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const country = rng.pick(COUNTRIES);
  const leader = personName(rng);
  const days = rng.int(40, 300);
  const { month, year } = ctx.monthLabel(days);
  return {
    title: `${leader} out as Prime Minister of ${country} by ${month} ${year}?`,
    description: `Resolves "Yes" if ${leader} ceases to be Prime Minister of ${country} for any reason before the end of ${month} ${year}. A caretaker period after a resignation counts as leaving office.`,
    resolutionSource: 'the official government gazette and major news reporting',
    category: 'Politics',
    subcategory: 'Leaders',
    tagSlugs: ['world-leaders'],
    negRisk: false,
    markets: [{ question: `Will ${leader} leave office as Prime Minister of ${country} before ${month} ${year}?`, groupItemTitle: leader, weight: 0.1 + rng.next() * 0.4 }],
    endInDays: days,
  };
};

export const ceasefire: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const [a, b] = rng.sample(COUNTRIES, 2);
  const horizons = [30, 90, 180].map((d) => d + rng.int(0, 20));
  return {
    title: `${a} x ${b} ceasefire by...?`,
    description: `Each market resolves "Yes" if ${a} and ${b} both publicly announce a ceasefire agreement before its date. A unilateral pause does not count.`,
    resolutionSource: 'statements of both governments and consensus news reporting',
    category: 'World',
    subcategory: 'Conflict',
    tagSlugs: ['geopolitics', 'diplomacy'],
    negRisk: false,
    markets: horizons.map((days, i) => ({
      question: `Will ${a} and ${b} agree to a ceasefire by ${ctx.dateLabel(days)}?`,
      groupItemTitle: ctx.dateLabel(days),
      weight: 0.08 + i * 0.12 + rng.next() * 0.1,
    })),
    endInDays: horizons[2] ?? 200,
  };
};

export const joinsBloc: EventTemplate = ({ rng, year }) => {
  const country = rng.pick(COUNTRIES);
  const bloc = rng.pick(BLOCS);
  return {
    title: `Will ${country} join the ${bloc} in ${year + 1}?`,
    description: `Resolves "Yes" if ${country} becomes a full member of the ${bloc} by December 31, ${year + 1}. Signing an accession protocol alone does not count.`,
    resolutionSource: `the official membership list of the ${bloc}`,
    category: 'World',
    subcategory: 'Diplomacy',
    tagSlugs: ['geopolitics', 'trade'],
    negRisk: false,
    markets: [{ question: `Will ${country} join the ${bloc} in ${year + 1}?`, groupItemTitle: country, weight: 0.05 + rng.next() * 0.5 }],
    endInDays: rng.int(200, 420),
  };
};

export const summitHost: EventTemplate = ({ rng, year }) => {
  const summit = rng.pick(SUMMITS);
  const cities = rng.sample(CITIES, rng.int(4, 6));
  const weights = fieldWeights(rng, cities.length);
  return {
    title: `${summit} ${year + 2}: host city`,
    description: `Which city will be announced as host of the ${summit} ${year + 2}? Resolves to the city named in the organisers' official announcement.`,
    resolutionSource: `the organisers of the ${summit}`,
    category: 'World',
    subcategory: 'Diplomacy',
    tagSlugs: ['diplomacy'],
    negRisk: true,
    markets: cities.map((city, i) => ({
      question: `Will ${city} host the ${summit} ${year + 2}?`,
      groupItemTitle: city,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: rng.int(100, 300),
  };
};
