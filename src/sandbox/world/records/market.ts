/**
 * The static catalog record of one market, with every field the spec names. Price fields
 * (outcomePrices, bestBid, bestAsk, lastTradePrice, spread) hold the opening values here and
 * are overlaid from the live book whenever the catalog serves the market.
 */
import type { TickSize } from '../../../shared/protocol/clob';
import type { CatalogRecord } from '../types';
import { complementPips, formatDerivedPips, pipsToNumber } from '../../clob/units';
import { CURATOR_ID, imageUrl, iso, optimizedImage } from './common';

export interface Volumes {
  day: number;
  week: number;
  month: number;
  year: number;
  total: number;
}

export interface MarketRecordInput {
  id: string;
  question: string;
  conditionId: string;
  questionId: string;
  slug: string;
  groupItemTitle: string;
  groupIndex: number;
  description: string;
  resolutionSource: string;
  category: string;
  tokenIds: readonly [string, string];
  tickSize: TickSize;
  minOrderSize: number;
  negRisk: boolean;
  negRiskMarketId: string;
  active: boolean;
  closed: boolean;
  acceptingOrders: boolean;
  createdMs: number;
  startMs: number;
  endMs: number;
  /** Opening Yes price in pips (a resolved market opens at 1 or 0). */
  yesPips: number;
  volumes: Volumes;
  liquidity: number;
  eventStub: CatalogRecord;
  categories: CatalogRecord[];
  tags: CatalogRecord[];
  game: { home: string; away: string } | null;
}

const CHART_COLORS = ['#2E5CFF', '#FF6B2C', '#12B76A', '#A855F7', '#F43F5E', '#0EA5E9', '#EAB308'];

export function marketRecord(m: MarketRecordInput): CatalogRecord {
  const yes = pipsToNumber(m.yesPips);
  const prices = [formatDerivedPips(m.yesPips), formatDerivedPips(complementPips(m.yesPips))];
  const color = CHART_COLORS[m.groupIndex % CHART_COLORS.length] as string;
  const idNum = Number(m.id);
  const umaStatus = m.closed ? 'resolved' : '';
  return {
    id: m.id, question: m.question, conditionId: m.conditionId, slug: m.slug,
    twitterCardImage: imageUrl('cards', m.slug), resolutionSource: m.resolutionSource, category: m.category,
    liquidity: String(m.liquidity), sponsorName: 'Marketdesk Sandbox', sponsorImage: imageUrl('sponsors', 'marketdesk'),
    xAxisValue: '', yAxisValue: '', denominationToken: 'USDC', fee: '20000000000000000',
    image: imageUrl('markets', m.slug), icon: imageUrl('market-icons', m.slug),
    lowerBound: '0', upperBound: '1', description: m.description,
    outcomes: JSON.stringify(['Yes', 'No']), outcomePrices: JSON.stringify(prices),
    volume: m.volumes.total.toFixed(2), marketType: 'normal', formatType: 'decimal',
    lowerBoundDate: iso(m.startMs), upperBoundDate: iso(m.endMs),
    closedTime: m.closed ? iso(m.endMs + 3_600_000) : iso(m.endMs),
    mailchimpTag: `market-${m.id}`, resolvedBy: '0x6A9D222616C90FcA5754cd1333cFD9b7fb6a4F74',
    groupItemTitle: m.groupItemTitle, groupItemThreshold: String(m.groupIndex),
    questionID: m.questionId, umaEndDate: iso(m.endMs), umaResolutionStatus: umaStatus,
    endDateIso: iso(m.endMs).slice(0, 10), startDateIso: iso(m.startMs).slice(0, 10), umaEndDateIso: iso(m.endMs).slice(0, 10),
    gameStartTime: m.game ? iso(m.endMs - 3 * 3_600_000) : '',
    clobTokenIds: JSON.stringify(m.tokenIds), disqusThread: `market-${m.id}`,
    shortOutcomes: JSON.stringify(['Y', 'N']),
    teamAID: m.game ? `team-${m.game.home.toLowerCase().replace(/\s+/g, '-')}` : '',
    teamBID: m.game ? `team-${m.game.away.toLowerCase().replace(/\s+/g, '-')}` : '',
    umaBond: '500', umaReward: '5', creator: 'sandboxdesk', pastSlugs: '',
    chartColor: color, seriesColor: color, gameId: m.game ? `g-${m.id}` : '',
    groupItemRange: '', sportsMarketType: m.game ? (m.groupIndex === 0 ? 'moneyline' : 'totals') : '',
    umaResolutionStatuses: JSON.stringify(umaStatus ? [umaStatus] : []),
    endDate: iso(m.endMs), startDate: iso(m.startMs), createdAt: iso(m.createdMs), updatedAt: iso(m.startMs + 3_600_000),
    readyTimestamp: iso(m.createdMs + 600_000), fundedTimestamp: iso(m.createdMs + 900_000),
    acceptingOrdersTimestamp: iso(m.startMs), deployingTimestamp: iso(m.createdMs + 300_000),
    scheduledDeploymentTimestamp: iso(m.createdMs + 300_000), eventStartTime: iso(m.game ? m.endMs - 3 * 3_600_000 : m.startMs),
    active: m.active, closed: m.closed, wideFormat: false, new: m.createdMs > m.startMs - 86_400_000 * 3,
    featured: m.volumes.day > 200_000, archived: false, restricted: true, enableOrderBook: true,
    hasReviewedDates: true, readyForCron: true, commentsEnabled: true, acceptingOrders: m.acceptingOrders,
    notificationsEnabled: true, ready: true, funded: true, automaticallyResolved: m.closed,
    automaticallyActive: true, clearBookOnStart: false, showGmpSeries: false, showGmpOutcome: false,
    manualActivation: false, negRiskOther: false, pendingDeployment: !m.active && !m.closed, deploying: false,
    rfqEnabled: false, feesEnabled: m.category === 'Crypto',
    negRisk: m.negRisk, negRiskMarketID: m.negRiskMarketId,
    createdBy: CURATOR_ID, updatedBy: CURATOR_ID, marketGroup: m.groupIndex,
    orderPriceMinTickSize: Number(m.tickSize), orderMinSize: m.minOrderSize, curationOrder: m.groupIndex,
    volumeNum: m.volumes.total, liquidityNum: m.liquidity, volume24hr: m.volumes.day, volume1wk: m.volumes.week,
    volume1mo: m.volumes.month, volume1yr: m.volumes.year, secondsDelay: m.game ? 3 : 0,
    volume24hrClob: m.volumes.day, volume1wkClob: m.volumes.week, volume1moClob: m.volumes.month,
    volume1yrClob: m.volumes.year, volumeClob: m.volumes.total, liquidityClob: m.liquidity,
    makerBaseFee: 0, takerBaseFee: m.category === 'Crypto' ? 100 : 0, customLiveness: 7200,
    score: 0, competitive: 0.9, rewardsMinSize: 50, rewardsMaxSpread: 3.5,
    spread: 0, oneDayPriceChange: 0, oneHourPriceChange: 0, oneWeekPriceChange: 0,
    oneMonthPriceChange: 0, oneYearPriceChange: 0,
    lastTradePrice: yes, bestBid: yes, bestAsk: yes, line: 0,
    imageOptimized: optimizedImage(`${m.id}1`, 'markets', m.slug, idNum, 'image', 'markets', m.createdMs),
    iconOptimized: optimizedImage(`${m.id}2`, 'market-icons', m.slug, idNum, 'icon', 'markets', m.createdMs),
    feeSchedule: { exponent: 2, rate: m.category === 'Crypto' ? 0.01 : 0, takerOnly: true, rebateRate: 0 },
    events: [m.eventStub], categories: m.categories, tags: m.tags,
  };
}
