/**
 * The catalog fields spec/order-book-and-catalog.md names, by type, copied from its tables.
 * The world tests check that every record carries every field with the documented type.
 */
const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export type FieldType = 'string' | 'date-time' | 'boolean' | 'number' | 'object' | 'array' | 'string[]';
export type FieldTable = Record<string, FieldType>;

function table(groups: Partial<Record<FieldType, string>>): FieldTable {
  const out: FieldTable = {};
  for (const [type, names] of Object.entries(groups)) for (const name of words(names ?? '')) out[name] = type as FieldType;
  return out;
}

export const TAG_FIELDS = table({
  string: 'id, label, slug, publishedAt',
  boolean: 'forceShow, forceHide, isCarousel',
  number: 'createdBy, updatedBy',
  'date-time': 'createdAt, updatedAt',
});

export const CATEGORY_FIELDS = table({
  string: 'id, label, parentCategory, slug, publishedAt, createdBy, updatedBy',
  'date-time': 'createdAt, updatedAt',
});

export const IMAGE_FIELDS = table({
  string: 'id, imageUrlSource, imageUrlOptimized, imageOptimizedLastUpdated, field, relname',
  number: 'imageSizeKbSource, imageSizeKbOptimized, relID',
  boolean: 'imageOptimizedComplete',
});

export const EVENT_FIELDS = table({
  string: `id, ticker, slug, title, subtitle, description, resolutionSource, image, icon, sortBy, category, subcategory,
    templateVariables, published_at, createdBy, updatedBy, featuredImage, disqusThread, parentEvent, negRiskMarketID,
    eventDate, seriesSlug, score, elapsed, period, gmpChartMode, estimatedValue, carouselMap, gameStatus`,
  'date-time': `startDate, creationDate, endDate, createdAt, updatedAt, closedTime, startTime, finishedTimestamp,
    deployingTimestamp, scheduledDeploymentTimestamp`,
  boolean: `active, closed, archived, new, featured, restricted, isTemplate, commentsEnabled, enableOrderBook, negRisk,
    cyom, showAllOutcomes, showMarketImages, automaticallyResolved, enableNegRisk, automaticallyActive, live, ended,
    estimateValue, cantEstimate, pendingDeployment, deploying`,
  number: `liquidity, volume, openInterest, competitive, volume24hr, volume1wk, volume1mo, volume1yr, liquidityClob,
    negRiskFeeBips, commentCount, tweetCount, featuredOrder, eventWeek, spreadsMainLine, totalsMainLine`,
  object: 'imageOptimized, iconOptimized, featuredImageOptimized',
  'string[]': 'subEvents',
  array: 'markets, series, categories, collections, tags, eventCreators, chats, templates',
});

export const MARKET_FIELDS = table({
  string: `id, question, conditionId, slug, twitterCardImage, resolutionSource, category, liquidity, sponsorName,
    sponsorImage, xAxisValue, yAxisValue, denominationToken, fee, image, icon, lowerBound, upperBound, description,
    outcomes, outcomePrices, volume, marketType, formatType, lowerBoundDate, upperBoundDate, closedTime, mailchimpTag,
    resolvedBy, groupItemTitle, groupItemThreshold, questionID, umaEndDate, umaResolutionStatus, endDateIso,
    startDateIso, umaEndDateIso, gameStartTime, clobTokenIds, disqusThread, shortOutcomes, teamAID, teamBID, umaBond,
    umaReward, creator, pastSlugs, chartColor, seriesColor, gameId, groupItemRange, sportsMarketType,
    umaResolutionStatuses`,
  'date-time': `endDate, startDate, createdAt, updatedAt, readyTimestamp, fundedTimestamp, acceptingOrdersTimestamp,
    deployingTimestamp, scheduledDeploymentTimestamp, eventStartTime`,
  boolean: `active, closed, wideFormat, new, featured, archived, restricted, enableOrderBook, hasReviewedDates,
    readyForCron, commentsEnabled, acceptingOrders, notificationsEnabled, ready, funded, automaticallyResolved,
    automaticallyActive, clearBookOnStart, showGmpSeries, showGmpOutcome, manualActivation, negRiskOther,
    pendingDeployment, deploying, rfqEnabled, feesEnabled`,
  number: `createdBy, updatedBy, marketGroup, orderPriceMinTickSize, orderMinSize, curationOrder, volumeNum,
    liquidityNum, volume24hr, volume1wk, volume1mo, volume1yr, secondsDelay, volume24hrClob, volume1wkClob,
    volume1moClob, volume1yrClob, volumeClob, liquidityClob, makerBaseFee, takerBaseFee, customLiveness, score,
    competitive, rewardsMinSize, rewardsMaxSpread, spread, oneDayPriceChange, oneHourPriceChange, oneWeekPriceChange,
    oneMonthPriceChange, oneYearPriceChange, lastTradePrice, bestBid, bestAsk, line`,
  object: 'imageOptimized, iconOptimized, feeSchedule',
  array: 'events, categories, tags',
});

export const FEE_SCHEDULE_FIELDS = table({ number: 'exponent, rate, rebateRate', boolean: 'takerOnly' });

export const SERIES_FIELDS = table({
  string: `id, ticker, slug, title, subtitle, seriesType, recurrence, description, image, icon, layout, publishedAt,
    createdBy, updatedBy, competitive, pythTokenID, cgAssetName`,
  boolean: 'active, closed, archived, new, featured, restricted, isTemplate, templateVariables, commentsEnabled',
  'date-time': 'createdAt, updatedAt, startDate',
  number: 'volume24hr, volume, liquidity, score, commentCount',
  array: 'events, collections, categories, tags, chats',
});

export const COLLECTION_FIELDS = table({
  string: `id, ticker, slug, title, subtitle, collectionType, description, tags, image, icon, headerImage, layout,
    templateVariables, publishedAt, createdBy, updatedBy`,
  boolean: 'active, closed, archived, new, featured, restricted, isTemplate, commentsEnabled',
  'date-time': 'createdAt, updatedAt',
  object: 'imageOptimized, iconOptimized, headerImageOptimized',
});

export const CHAT_FIELDS = table({
  string: 'id, channelId, channelName, channelImage',
  boolean: 'live',
  'date-time': 'startTime, endTime',
});

export const CREATOR_FIELDS = table({
  string: 'id, creatorName, creatorHandle, creatorUrl, creatorImage',
  'date-time': 'createdAt, updatedAt',
});

export const TEMPLATE_FIELDS = table({
  string: 'id, eventTitle, eventSlug, eventImage, marketTitle, description, resolutionSource, sortBy, seriesSlug, outcomes',
  boolean: 'negRisk, showMarketImages',
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** Field names whose value is missing or has the wrong type (empty when the record conforms). */
export function fieldProblems(record: Record<string, unknown>, fields: FieldTable): string[] {
  const problems: string[] = [];
  for (const [name, type] of Object.entries(fields)) {
    const value = record[name];
    const fine =
      type === 'date-time' ? typeof value === 'string' && ISO.test(value)
        : type === 'array' ? Array.isArray(value)
          : type === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string')
            : type === 'object' ? typeof value === 'object' && value !== null && !Array.isArray(value)
              : typeof value === type && (type !== 'number' || Number.isFinite(value));
    if (!fine) problems.push(`${name}: expected ${type}, got ${JSON.stringify(value)}`);
  }
  return problems;
}
