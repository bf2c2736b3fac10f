/**
 * The world's table of contents: which templates each category draws from, the tag
 * vocabulary, and the series and collections events can belong to.
 */
import type { CategoryKey, EventTemplate } from './draft';
import { ceasefire, joinsBloc, leaderSurvives, parliamentMajority, presidentialElection, summitHost } from './politics';
import { bestPicture, boxOffice, game, leagueChampion, newAlbum, tournamentWinner } from './sports';
import { cryptoAbove, cryptoHit, cryptoRange, inflation, rateDecision, recession } from './markets';
import { cityTemperature, hottestYear, hurricane, launch, modelRelease, topModel } from './science';

export type { CategoryKey, EventDraft, EventTemplate, MarketDraft, TemplateContext } from './draft';
export { makeContext } from './draft';

export const CATEGORY_TEMPLATES: readonly (readonly [CategoryKey, readonly EventTemplate[]])[] = [
  ['Politics', [presidentialElection, parliamentMajority, leaderSurvives]],
  ['Sports', [leagueChampion, game, tournamentWinner, game]],
  ['Crypto', [cryptoAbove, cryptoHit, cryptoRange]],
  ['Economics', [rateDecision, inflation, recession]],
  ['Science', [modelRelease, topModel, launch]],
  ['Culture', [bestPicture, boxOffice, newAlbum]],
  ['World', [ceasefire, joinsBloc, summitHost]],
  ['Climate', [hottestYear, cityTemperature, hurricane]],
];

/** Tag vocabulary: slug → label. Category tags use the category's slug. */
export const TAG_LABELS: Readonly<Record<string, string>> = {
  politics: 'Politics', sports: 'Sports', crypto: 'Crypto', economics: 'Economics',
  science: 'Science', culture: 'Culture', world: 'World', climate: 'Climate',
  elections: 'Elections', 'world-elections': 'World Elections', 'world-leaders': 'World Leaders',
  geopolitics: 'Geopolitics', diplomacy: 'Diplomacy', trade: 'Trade',
  soccer: 'Soccer', basketball: 'Basketball', 'american-football': 'American Football',
  tennis: 'Tennis', championships: 'Championships', games: 'Games',
  bitcoin: 'Bitcoin', ethereum: 'Ethereum', solana: 'Solana', 'crypto-prices': 'Crypto Prices',
  'fed-rates': 'Fed Rates', inflation: 'Inflation', macro: 'Macro', gdp: 'GDP',
  ai: 'AI', tech: 'Tech', space: 'Space',
  movies: 'Movies', awards: 'Awards', music: 'Music',
  weather: 'Weather', 'climate-records': 'Climate Records', hurricanes: 'Hurricanes',
};

export interface SeriesDef {
  title: string;
  seriesType: 'single' | 'multi';
  recurrence: 'daily' | 'weekly' | 'monthly' | 'annual';
  tag: string;
}

export const SERIES: Readonly<Record<string, SeriesDef>> = {
  elections: { title: 'Elections Worldwide', seriesType: 'multi', recurrence: 'annual', tag: 'elections' },
  CFL: { title: 'Continental Football League', seriesType: 'multi', recurrence: 'weekly', tag: 'soccer' },
  NHA: { title: 'National Hoops Association', seriesType: 'multi', recurrence: 'daily', tag: 'basketball' },
  GPL: { title: 'Gridiron Premier League', seriesType: 'multi', recurrence: 'weekly', tag: 'american-football' },
  'BTC-daily': { title: 'Bitcoin Daily Price', seriesType: 'single', recurrence: 'daily', tag: 'bitcoin' },
  'ETH-daily': { title: 'Ethereum Daily Price', seriesType: 'single', recurrence: 'daily', tag: 'ethereum' },
  'SOL-daily': { title: 'Solana Daily Price', seriesType: 'single', recurrence: 'daily', tag: 'solana' },
  'fed-decisions': { title: 'Fed Interest Rate Decisions', seriesType: 'single', recurrence: 'monthly', tag: 'fed-rates' },
  cpi: { title: 'US Inflation Prints', seriesType: 'single', recurrence: 'monthly', tag: 'inflation' },
  'ai-leaderboard': { title: 'AI Model Leaderboard', seriesType: 'single', recurrence: 'monthly', tag: 'ai' },
  'daily-weather': { title: 'Daily Temperature', seriesType: 'multi', recurrence: 'daily', tag: 'weather' },
};

/** Curated collections, keyed by the category whose events they gather. */
export const COLLECTIONS: Readonly<Partial<Record<CategoryKey, { title: string; collectionType: string }>>> = {
  Politics: { title: 'Election Night', collectionType: 'elections' },
  Crypto: { title: 'Crypto Majors', collectionType: 'crypto' },
  Economics: { title: 'Macro Calendar', collectionType: 'macro' },
  Sports: { title: 'Title Races', collectionType: 'sports' },
};
