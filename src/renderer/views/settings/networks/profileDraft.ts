/**
 * The add/edit form's model: every field as the text the user typed, turned into a profile by
 * the same schema the core checks (src/shared/networkProfiles), with each problem placed under the
 * field it belongs to. A bad URL (plain http to a remote host) is refused here, before any request.
 */
import {
  networkProfileSchema,
  newProfileDefaults,
  type ConnectionTestReport,
  type NetworkProfile,
  type ProfileService,
} from '../../../../shared/networkProfiles';

type ServedDomain = NonNullable<ConnectionTestReport['servedPerpsDomain']>;

export const SERVICES: ReadonlyArray<{ key: ProfileService; label: string; placeholder: string }> = [
  { key: 'clob', label: 'Order book', placeholder: 'https://clob.example.com' },
  { key: 'catalog', label: 'Catalog', placeholder: 'https://catalog.example.com' },
  { key: 'analytics', label: 'Analytics', placeholder: 'https://data.example.com' },
  { key: 'perps', label: 'Perpetuals', placeholder: 'https://perps.example.com' },
];

export const CONTRACT_FIELDS = [
  { key: 'exchange', label: 'Exchange' },
  { key: 'negRiskExchange', label: 'Neg-risk exchange' },
  { key: 'exchangeV1', label: 'Exchange (version 1 orders)' },
  { key: 'negRiskExchangeV1', label: 'Neg-risk exchange (version 1 orders)' },
  { key: 'collateral', label: 'Collateral token' },
  { key: 'conditionalTokens', label: 'Conditional tokens' },
  { key: 'negRiskAdapter', label: 'Neg-risk adapter' },
] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number]['key'];

export interface ProfileDraft {
  id: string;
  label: string;
  urls: Record<ProfileService, string>;
  chainId: string;
  contracts: Record<ContractField | 'domainName', string>;
  pinPerps: boolean;
  perps: { name: string; version: string; chainId: string; verifyingContract: string };
  weightLimit: string;
  weightWindowSeconds: string;
  /** The budget safety factor in percent (50–100). */
  safetyPercent: string;
  /** The perps instruments, one per line: "<id> <symbol>" (the spec has no route that lists them). */
  instrumentsText: string;
}

export function draftFrom(profile: NetworkProfile | null): ProfileDraft {
  const base = profile ?? { id: '', label: '', urls: { clob: '', catalog: '', analytics: '', perps: '' }, ...newProfileDefaults() };
  const c = base.contracts;
  return {
    id: base.id,
    label: base.label,
    urls: { ...base.urls },
    chainId: String(base.chainId),
    contracts: {
      exchange: c.exchange, negRiskExchange: c.negRiskExchange, exchangeV1: c.exchangeV1, negRiskExchangeV1: c.negRiskExchangeV1,
      collateral: c.collateral ?? '', conditionalTokens: c.conditionalTokens ?? '', negRiskAdapter: c.negRiskAdapter ?? '', domainName: c.domainName,
    },
    pinPerps: base.perpsDomain !== null,
    perps: base.perpsDomain
      ? { name: base.perpsDomain.name, version: base.perpsDomain.version, chainId: String(base.perpsDomain.chainId), verifyingContract: base.perpsDomain.verifyingContract }
      : { name: '', version: '1', chainId: String(base.chainId), verifyingContract: '' },
    weightLimit: String(base.perpsWeightBudget.limit),
    weightWindowSeconds: String(base.perpsWeightBudget.windowMs / 1000),
    safetyPercent: String(Math.round(base.budgetSafetyFactor * 100)),
    instrumentsText: base.perpsInstruments.map(({ id, symbol }) => `${id} ${symbol}`).join('\n'),
  };
}

/** The domain fields as the form holds them (text, as typed). */
const domainFields = (served: ServedDomain): ProfileDraft['perps'] => ({
  name: served.name,
  version: served.version,
  chainId: String(served.chainId),
  verifyingContract: served.verifyingContract,
});

/** Whether the form pins another domain than the one the exchange serves (or none). */
export function pinsOtherDomain(draft: ProfileDraft, served: ServedDomain): boolean {
  const wanted = domainFields(served);
  const pinned = draft.perps;
  return !draft.pinPerps || pinned.name.trim() !== wanted.name || pinned.version.trim() !== wanted.version || pinned.chainId.trim() !== wanted.chainId || pinned.verifyingContract.trim().toLowerCase() !== wanted.verifyingContract.toLowerCase();
}

/** "Use the server's values": the domain the connection test read, pinned in the form (saved only with Save). */
export function withServedDomain(draft: ProfileDraft, served: ServedDomain): ProfileDraft {
  return { ...draft, pinPerps: true, perps: domainFields(served) };
}

/** A new profile's id from its label: lower-case words joined by "-", unique among `taken`. */
export function idFromLabel(label: string, taken: ReadonlySet<string>): string {
  const stem = label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32) || 'network';
  const start = stem === 'sandbox' ? 'sandbox-copy' : stem;
  let id = start;
  for (let n = 2; taken.has(id) || id === 'sandbox'; n++) id = `${start}-${n}`;
  return id;
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** Field errors by a dotted path (`urls.clob`, `contracts.exchange`, `perpsDomain.version`, …). */
export type DraftErrors = Record<string, string>;

/** "1 BTC-PERP" per line; a line that is not an id and a symbol is named by its number. */
export function parseInstruments(text: string): { list: NetworkProfile['perpsInstruments']; problem: string | null } {
  const list: NetworkProfile['perpsInstruments'] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const match = /^(\d{1,10})\s+(\S{1,40})$/.exec(line);
    if (!match) return { list: [], problem: `line ${index + 1}: write the instrument id, a space, then its symbol (e.g. 1 BTC-PERP)` };
    const id = Number(match[1]);
    if (list.some((instrument) => instrument.id === id)) return { list: [], problem: `line ${index + 1}: instrument ${id} is listed twice` };
    list.push({ id, symbol: match[2]! });
  }
  return { list, problem: null };
}

export function profileFromDraft(draft: ProfileDraft): { profile: NetworkProfile; errors: null } | { profile: null; errors: DraftErrors } {
  const instruments = parseInstruments(draft.instrumentsText);
  const candidate = {
    id: draft.id,
    label: draft.label,
    urls: Object.fromEntries(Object.entries(draft.urls).map(([key, url]) => [key, url.trim()])),
    chainId: numberOrNaN(draft.chainId),
    contracts: {
      exchange: draft.contracts.exchange.trim(), negRiskExchange: draft.contracts.negRiskExchange.trim(),
      exchangeV1: draft.contracts.exchangeV1.trim(), negRiskExchangeV1: draft.contracts.negRiskExchangeV1.trim(),
      domainName: draft.contracts.domainName.trim(),
      ...(optional(draft.contracts.collateral) ? { collateral: optional(draft.contracts.collateral) } : {}),
      ...(optional(draft.contracts.conditionalTokens) ? { conditionalTokens: optional(draft.contracts.conditionalTokens) } : {}),
      ...(optional(draft.contracts.negRiskAdapter) ? { negRiskAdapter: optional(draft.contracts.negRiskAdapter) } : {}),
    },
    perpsDomain: draft.pinPerps
      ? { name: draft.perps.name.trim(), version: draft.perps.version.trim(), chainId: numberOrNaN(draft.perps.chainId), verifyingContract: draft.perps.verifyingContract.trim() }
      : null,
    perpsWeightBudget: { limit: numberOrNaN(draft.weightLimit), windowMs: numberOrNaN(draft.weightWindowSeconds) * 1000 },
    perpsInstruments: instruments.list,
    budgetSafetyFactor: numberOrNaN(draft.safetyPercent) / 100,
  };
  const parsed = networkProfileSchema.safeParse(candidate);
  if (parsed.success && !instruments.problem) return { profile: parsed.data, errors: null };
  const errors: DraftErrors = instruments.problem ? { perpsInstruments: instruments.problem } : {};
  if (parsed.success) return { profile: null, errors };
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const key = path === 'budgetSafetyFactor' ? 'safety' : path.startsWith('perpsWeightBudget') ? 'weight' : path.startsWith('perpsInstruments') ? 'perpsInstruments' : path;
    errors[key] ??= friendly(key, issue.message);
  }
  return { profile: null, errors };
}

/** Zod's number messages in words a user reads. */
function friendly(key: string, message: string): string {
  if (/expected number, received NaN|Invalid input: expected number/i.test(message)) return 'a number is required';
  if (key === 'safety') return 'between 50 and 100 %';
  if (key === 'weight') return 'a budget of 10 to 1,000,000 units per 1 to 3,600 seconds';
  if (/expected int/i.test(message)) return 'a whole number is required';
  return message;
}
