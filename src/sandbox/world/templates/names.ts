/**
 * Name pools for the world's templates. Countries, people, teams, companies and works are
 * fictional on purpose: a paper-trading sandbox should not put odds on real people.
 * Real assets (BTC, ETH, SOL) and real institutions' generic roles (a central bank) are fine.
 */

export const FIRST_NAMES = [
  'Maria', 'Daniel', 'Amara', 'Lukas', 'Priya', 'Tomas', 'Elena', 'Kofi', 'Hana', 'Rafael',
  'Ingrid', 'Mateo', 'Leila', 'Owen', 'Sofia', 'Yusuf', 'Clara', 'Jonas', 'Mei', 'Andre',
  'Nadia', 'Viktor', 'Isla', 'Samir', 'Greta', 'Felix', 'Aisha', 'Marco', 'Freya', 'Caleb',
] as const;

export const LAST_NAMES = [
  'Okafor', 'Reyes', 'Lindqvist', 'Moreau', 'Castellano', 'Nakamura', 'Brandt', 'Oyelaran',
  'Halvorsen', 'Duarte', 'Kowalski', 'Fairweather', 'Petrov', 'Achebe', 'Whitlock', 'Santoro',
  'Varga', 'Mbeki', 'Holloway', 'Ferreira', 'Aldana', 'Strand', 'Quinlan', 'Haddad',
] as const;

export const COUNTRIES = [
  'Norland', 'Estovia', 'Caldera', 'Marisol', 'Vestmark', 'Aurelia', 'Koravia', 'Tamsin',
  'Bellmont', 'Oskaria', 'Serrania', 'Luvania',
] as const;

export const PARTIES = [
  'Progressive Alliance', 'National Union', 'Green Future', 'Liberal Democrats',
  'Workers League', 'Civic Platform', 'Reform Party', 'Heritage Coalition',
] as const;

export const CITIES = [
  'Harbor City', 'Riverton', 'Ashford', 'Port Alder', 'Kingsbridge', 'Westhaven', 'Stonegate',
  'Lakemont', 'Brookfield', 'Silverton', 'Northpoint', 'Redwater', 'Easton', 'Cedar Falls',
] as const;

export const MASCOTS = [
  'Herons', 'Rockets', 'Wolves', 'Mariners', 'Comets', 'Titans', 'Foxes', 'Stallions',
  'Falcons', 'Bears', 'Pilots', 'Royals', 'Giants', 'Storm',
] as const;

export const LEAGUES = [
  { name: 'Continental Football League', short: 'CFL', sport: 'soccer', tag: 'soccer', points: 'goals' },
  { name: 'National Hoops Association', short: 'NHA', sport: 'basketball', tag: 'basketball', points: 'points' },
  { name: 'Gridiron Premier League', short: 'GPL', sport: 'american-football', tag: 'american-football', points: 'points' },
] as const;

export const TOURNAMENTS = ['Coastal Open', 'Summit Masters', 'Grand Harbor Championship', 'Alpine Classic'] as const;

export const AI_COMPANIES = ['Helix Labs', 'Northwind AI', 'Quanta Systems', 'Lumen Research', 'Arcadia Intelligence', 'Deepfield'] as const;

export const AI_MODELS = ['Atlas-5', 'Sage 4', 'Meridian Ultra', 'Nova-3', 'Cortex X', 'Orion 2'] as const;

export const SPACE_COMPANIES = ['Orbital Forge', 'Skyward Dynamics', 'Apex Launch', 'Stellar Works'] as const;

export const ADJECTIVES = ['Silent', 'Crimson', 'Last', 'Golden', 'Hidden', 'Distant', 'Broken', 'Midnight', 'Electric', 'Quiet'] as const;

export const NOUNS = ['Harbor', 'Orchard', 'Signal', 'Frontier', 'Lighthouse', 'Empire', 'Garden', 'Horizon', 'Archive', 'Tide'] as const;

export const ARTISTS = ['Luna Vale', 'The Northern Lights', 'Kai Marlow', 'Velvet Static', 'Ruby Ashcroft', 'Echo Park Kids'] as const;

export const CRYPTO_ASSETS = [
  { name: 'Bitcoin', ticker: 'BTC', tag: 'bitcoin', price: 95_000, step: 5_000 },
  { name: 'Ethereum', ticker: 'ETH', tag: 'ethereum', price: 3_400, step: 200 },
  { name: 'Solana', ticker: 'SOL', tag: 'solana', price: 180, step: 20 },
] as const;

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December',
] as const;

export const BLOCS = ['Northern Trade Pact', 'Atlantic Defense Alliance', 'Coastal Economic Union'] as const;

export const SUMMITS = ['World Climate Summit', 'Global Trade Forum', 'Future of Energy Conference'] as const;
