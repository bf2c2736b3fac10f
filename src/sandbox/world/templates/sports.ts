/** Sports and culture event templates. */
import { ADJECTIVES, ARTISTS, CITIES, LEAGUES, MASCOTS, NOUNS, TOURNAMENTS } from './names';
import { distinctNames, fieldWeights, type EventTemplate } from './draft';
import type { Prng } from '../../random/prng';

function teams(rng: Prng, count: number): string[] {
  const cities = rng.sample(CITIES, count);
  const mascots = rng.sample(MASCOTS, count);
  return cities.map((city, i) => `${city} ${mascots[i] ?? 'United'}`);
}

function filmTitle(rng: Prng): string {
  return `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
}

export const leagueChampion: EventTemplate = ({ rng, year }) => {
  const league = rng.pick(LEAGUES);
  const season = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
  const field = teams(rng, rng.int(5, 8));
  const weights = fieldWeights(rng, field.length);
  return {
    title: `${league.name} Champion ${season}`,
    description: `Which team will win the ${season} ${league.name} (${league.short}) championship? Resolves to the team that wins the final.`,
    resolutionSource: `the official ${league.short} website`,
    category: 'Sports',
    subcategory: league.sport,
    tagSlugs: [league.tag, 'championships'],
    negRisk: true,
    markets: field.map((team, i) => ({
      question: `Will the ${team} win the ${season} ${league.short} championship?`,
      groupItemTitle: team,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: rng.int(120, 300),
    seriesKey: league.short,
  };
};

export const game: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const league = rng.pick(LEAGUES);
  const [home, away] = teams(rng, 2) as [string, string];
  const days = rng.int(2, 25);
  const line = league.sport === 'soccer' ? rng.int(2, 3) : rng.int(180, 230);
  return {
    title: `${home} vs. ${away}`,
    description: `${league.short} regular-season game on ${ctx.dateLabel(days)}. The winner market resolves on the official final score including overtime; the total market on combined ${league.points}.`,
    resolutionSource: `the official ${league.short} box score`,
    category: 'Sports',
    subcategory: league.sport,
    tagSlugs: [league.tag, 'games'],
    negRisk: false,
    markets: [
      { question: `Will the ${home} beat the ${away} on ${ctx.dateLabel(days)}?`, groupItemTitle: `${home} win`, weight: 0.3 + rng.next() * 0.4 },
      { question: `${home} vs. ${away}: over ${line}.5 total ${league.points}?`, groupItemTitle: `O/U ${line}.5`, weight: 0.4 + rng.next() * 0.2 },
    ],
    endInDays: days,
    seriesKey: league.short,
    game: { home, away },
  };
};

export const tournamentWinner: EventTemplate = ({ rng, year }) => {
  const tournament = rng.pick(TOURNAMENTS);
  const players = distinctNames(rng, rng.int(5, 7));
  const weights = fieldWeights(rng, players.length);
  return {
    title: `${tournament} ${year + 1} Winner`,
    description: `Who will win the men's singles title at the ${tournament} ${year + 1}? A walkover in the final counts as a win.`,
    resolutionSource: `the ${tournament} official draw`,
    category: 'Sports',
    subcategory: 'tennis',
    tagSlugs: ['tennis'],
    negRisk: true,
    markets: players.map((player, i) => ({
      question: `Will ${player} win the ${tournament} ${year + 1}?`,
      groupItemTitle: player,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: rng.int(60, 240),
  };
};

export const bestPicture: EventTemplate = ({ rng, year }) => {
  const films = Array.from(new Set(Array.from({ length: 8 }, () => filmTitle(rng)))).slice(0, rng.int(5, 7));
  const weights = fieldWeights(rng, films.length);
  return {
    title: `Golden Reel Awards ${year + 1}: Best Picture Winner`,
    description: `Which film will win Best Picture at the ${year + 1} Golden Reel Awards? Resolves to the film announced at the ceremony.`,
    resolutionSource: 'the Golden Reel Academy announcement',
    category: 'Culture',
    subcategory: 'Awards',
    tagSlugs: ['movies', 'awards'],
    negRisk: true,
    markets: films.map((film, i) => ({
      question: `Will "${film}" win Best Picture at the ${year + 1} Golden Reel Awards?`,
      groupItemTitle: film,
      weight: weights[i] ?? 0.1,
    })),
    endInDays: rng.int(90, 200),
  };
};

export const boxOffice: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const film = filmTitle(rng);
  const days = rng.int(10, 60);
  const thresholds = [50, 75, 100].map((m) => m + rng.int(0, 2) * 5);
  return {
    title: `"${film}" opening weekend box office`,
    description: `Domestic opening-weekend gross (Friday to Sunday) of "${film}", released ${ctx.dateLabel(days - 3)}, as first reported.`,
    resolutionSource: 'the first weekend box-office report of the Film Industry Tracker',
    category: 'Culture',
    subcategory: 'Movies',
    tagSlugs: ['movies'],
    negRisk: false,
    markets: thresholds.map((m, i) => ({
      question: `Will "${film}" gross over $${m}M on its opening weekend?`,
      groupItemTitle: `$${m}M+`,
      weight: 0.75 - i * 0.25 + rng.next() * 0.1,
    })),
    endInDays: days,
  };
};

export const newAlbum: EventTemplate = (ctx) => {
  const { rng } = ctx;
  const artist = rng.pick(ARTISTS);
  const days = rng.int(30, 300);
  return {
    title: `New ${artist} album before ${ctx.dateLabel(days)}?`,
    description: `Resolves "Yes" if ${artist} releases a new studio album (at least 7 new tracks) on major streaming services before ${ctx.dateLabel(days)}.`,
    resolutionSource: 'major streaming services and the artist’s official channels',
    category: 'Culture',
    subcategory: 'Music',
    tagSlugs: ['music'],
    negRisk: false,
    markets: [{ question: `Will ${artist} release a new album before ${ctx.dateLabel(days)}?`, groupItemTitle: artist, weight: 0.15 + rng.next() * 0.6 }],
    endInDays: days,
  };
};
