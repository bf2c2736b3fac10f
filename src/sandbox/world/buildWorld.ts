/**
 * Builds the whole sandbox world from a seed: events from templates, their markets with
 * condition ids, token ids, ticks and opening prices, and the full catalog records. The same
 * seed and epoch always give the same world, byte for byte (tests check the catalog JSON).
 */
import { getAddress } from 'viem';
import { Prng } from '../random/prng';
import { CATEGORY_TEMPLATES, makeContext, type EventDraft, type EventTemplate, type TemplateContext } from './templates';
import { buildTaxonomy } from './taxonomy';
import { TickCycle } from './pricing';
import { buildEvent, type EventPlan } from './eventFactory';
import { buildSeriesRecords } from './seriesFactory';
import type { World } from './types';

/** The default world "now". Fixed so a seed names one world; open markets end after it. */
export const DEFAULT_WORLD_EPOCH_MS = Date.UTC(2026, 10, 1);

const DAY_MS = 86_400_000;
const MIN_EVENTS = 56;
const MIN_MARKETS = 170;
/** Hard stop for the generation loop, far above what the minimums need. */
const MAX_EVENTS = 160;

/** Every ninth event is already resolved and every seventeenth is not yet trading. */
function stateFor(index: number): EventPlan['state'] {
  if (index % 9 === 7) return 'closed';
  if (index % 17 === 13) return 'pending';
  return 'open';
}

/** Redraws a few times when a template repeats a title (one-off events like a yearly record). */
function draftUnique(templates: readonly EventTemplate[], ctx: TemplateContext, used: Set<string>): EventDraft | null {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const draft = ctx.rng.pick(templates)(ctx);
    if (!used.has(draft.title)) return draft;
  }
  return null;
}

export function buildWorld(seed: number, epochMs: number = DEFAULT_WORLD_EPOCH_MS): World {
  const rng = new Prng(seed, 'world');
  const openContext = makeContext(rng, epochMs);
  // Resolved events are drafted ~15 months earlier, so their dates and years read as past.
  const pastContext = makeContext(rng, epochMs - 450 * DAY_MS);
  const taxonomy = buildTaxonomy(epochMs - 400 * DAY_MS);

  const plans: EventPlan[] = [];
  const usedTitles = new Set<string>();
  let marketCount = 0;
  for (let i = 0; i < MAX_EVENTS && (plans.length < MIN_EVENTS || marketCount < MIN_MARKETS); i += 1) {
    // Categories take turns, so every seed spreads its events over all of them.
    const [, templates] = CATEGORY_TEMPLATES[i % CATEGORY_TEMPLATES.length] as (typeof CATEGORY_TEMPLATES)[number];
    const state = stateFor(plans.length);
    const draft = draftUnique(templates, state === 'closed' ? pastContext : openContext, usedTitles);
    if (!draft) continue;
    usedTitles.add(draft.title);
    plans.push({ index: plans.length, draft, state, draftEpochMs: state === 'closed' ? epochMs - 450 * DAY_MS : epochMs });
    marketCount += draft.markets.length;
  }

  const shared = {
    rng, epochMs, taxonomy, usedSlugs: new Set<string>(), usedTokenIds: new Set<string>(),
    ticks: new TickCycle(rng), marketCount: 0,
  };
  const events = plans.map((plan) => buildEvent(plan, shared));
  buildSeriesRecords(events, plans, taxonomy, epochMs - 400 * DAY_MS);
  // This draw once made a seeded perps contract. The perps signing domain is now a constant of
  // the sandbox network (perps/perpsState.ts), pinned by the client; the draw stays so the
  // collateral address and every other seeded value are unchanged.
  rng.hex(20);

  return {
    seed,
    epochMs,
    events,
    tags: taxonomy.tags,
    markets: events.flatMap((e) => e.markets),
    collateralAddress: getAddress(`0x${rng.hex(20)}`),
    referralCodes: houseReferralCodes(seed),
  };
}

/**
 * `WELCOME` on every seed (so tests and demos need not know the seed) plus two seeded codes.
 * A stream of their own keeps every other seeded value unchanged.
 */
function houseReferralCodes(seed: number): string[] {
  const rng = new Prng(seed, 'referral-codes');
  return ['WELCOME', `SBX${rng.hex(3).toUpperCase()}`, `SBX${rng.hex(3).toUpperCase()}`];
}
