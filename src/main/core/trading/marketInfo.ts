/**
 * What an order needs to know about its market: tick size, minimum size, neg-risk (which picks
 * the exchange contract that verifies it) and the current book for the fill estimate. Read from
 * `GET /book`, which carries all of them in one request.
 */
import type { ClobBook } from '../../../shared/protocol/clob';
import type { OrderBookView } from '../../../shared/viewModels';
import { toOrderBookView } from '../books/bookMapping';
import type { HttpClient } from '../net/httpClient';

export async function readMarketBook(http: HttpClient, tokenId: string): Promise<OrderBookView> {
  const book = await http.requestJson<ClobBook>({ service: 'clob', method: 'GET', path: '/book', query: { token_id: tokenId } });
  return toOrderBookView(book);
}

/** `GET /version`: which order schema the exchange expects (2 unless it says 1). */
export class OrderVersionCache {
  private version: 1 | 2 | null = null;

  constructor(private readonly http: HttpClient) {}

  async get(): Promise<1 | 2> {
    if (this.version) return this.version;
    const answer = await this.http.requestJson<{ version?: unknown }>({ service: 'clob', method: 'GET', path: '/version' });
    this.version = answer?.version === 1 ? 1 : 2;
    return this.version;
  }

  known(): 1 | 2 {
    return this.version ?? 2;
  }
}
