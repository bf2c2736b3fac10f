/** Public chart and tape data of one outcome token: price history, OHLC bars, recent trades. */
import type { OhlcBar, PricePoint } from '../../../shared/tradingViews';
import type { HttpClient } from '../net/httpClient';

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

const BUCKET_SECONDS: Readonly<Record<string, number>> = {
  '1m': 60, '5m': 300, '15m': 900, '30m': 1_800, '1h': 3_600, '4h': 14_400, '1d': 86_400, '1w': 604_800,
};

/**
 * The OHLC window never reaches further back than `limit` buckets before now (issue 10, finding
 * 6): a chart shows the newest bars, and an older start only made the exchange walk empty buckets
 * (`startTs=0` meant every minute since 1970). An unknown fidelity keeps the asked start.
 */
export function clampOhlcStart(startTs: number, fidelity: string, limit: number, nowMs: number): number {
  const bucket = BUCKET_SECONDS[fidelity];
  if (bucket === undefined) return startTs;
  const earliest = Math.floor(nowMs / 1000 / bucket) * bucket - limit * bucket;
  return Math.max(startTs, earliest);
}

export class MarketData {
  constructor(private readonly http: HttpClient, private readonly now: () => number = () => Date.now()) {}

  async priceHistory(tokenId: string, interval: string, fidelity?: number): Promise<PricePoint[]> {
    const answer = await this.http.requestJson<{ history?: Array<{ t?: unknown; p?: unknown }> }>({
      service: 'clob',
      method: 'GET',
      path: '/prices-history',
      query: { market: tokenId, interval, ...(fidelity ? { fidelity } : {}) },
    });
    return (answer?.history ?? [])
      .map((point) => ({ t: num(point.t), p: num(point.p) }))
      .filter((point) => Number.isFinite(point.t) && Number.isFinite(point.p));
  }

  async ohlc(tokenId: string, fidelity: string, startTs: number, limit: number): Promise<OhlcBar[]> {
    const answer = await this.http.requestJson<unknown>({
      service: 'clob',
      method: 'GET',
      path: '/ohlc',
      query: { asset_id: tokenId, fidelity, startTs: clampOhlcStart(startTs, fidelity, limit, this.now()), limit },
    });
    const rows = Array.isArray(answer) ? answer : ((answer as { candles?: unknown[] })?.candles ?? []);
    return (rows as Array<Record<string, unknown>>)
      .map((r) => ({ t: num(r.t ?? r.time), open: num(r.open ?? r.o), high: num(r.high ?? r.h), low: num(r.low ?? r.l), close: num(r.close ?? r.c), volume: num(r.volume ?? r.v ?? 0) }))
      .filter((bar) => [bar.t, bar.open, bar.high, bar.low, bar.close].every(Number.isFinite));
  }

  async recentTrades(tokenId: string): Promise<Array<{ price: string; size: string; side: 'BUY' | 'SELL'; at: number }>> {
    const answer = await this.http.requestJson<unknown>({ service: 'clob', method: 'GET', path: '/trades/recent', query: { asset_id: tokenId } });
    const rows = Array.isArray(answer) ? answer : ((answer as { data?: unknown[] })?.data ?? []);
    return (rows as Array<Record<string, unknown>>).slice(0, 100).map((r) => {
      const at = num(r.timestamp ?? r.match_time ?? 0);
      return { price: String(r.price ?? ''), size: String(r.size ?? ''), side: r.side === 'SELL' ? 'SELL' : 'BUY', at: at < 1e12 ? at * 1000 : at };
    });
  }
}
