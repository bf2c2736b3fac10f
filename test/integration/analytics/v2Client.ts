/** Helpers for the analytics conformance tests: GETs against the sandbox's `/v2` and error checks. */
import { expect } from 'vitest';
import { get, request, type JsonResponse } from '../sandbox/http';

export interface Page<T> {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

export interface ErrorBody {
  error: string;
  code: string;
  retryable: boolean;
  trace_id: string;
  parameter?: string;
}

export function v2<T = unknown>(base: string, path: string, query: Record<string, string | number | boolean> = {}): Promise<JsonResponse<T>> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return get<T>(`${base}/v2/${path}${qs ? `?${qs}` : ''}`);
}

export const v2Raw = <T = unknown>(base: string, pathAndQuery: string, init?: RequestInit) => request<T>(`${base}/v2/${pathAndQuery}`, init);

/** The spec's error body: status, code, retryable, parameter, and trace_id equal to the header. */
export function expectError(res: JsonResponse<unknown>, status: number, code: string, parameter?: string): ErrorBody {
  const body = res.body as ErrorBody;
  expect(res.status, res.text).toBe(status);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(body.retryable).toBe(status === 429 || status >= 500);
  expect(body.trace_id).toMatch(/^[0-9a-f]{16}$/);
  expect(res.headers.get('x-trace-id')).toBe(body.trace_id);
  if (parameter !== undefined) expect(body.parameter).toBe(parameter);
  return body;
}

/** Follows next_cursor to null (bounded), returning every row in order. */
export async function walk<T>(base: string, path: string, query: Record<string, string | number | boolean>, maxPages = 200): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: JsonResponse<Page<T>> = await v2<Page<T>>(base, path, cursor ? { ...query, cursor } : query);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    expect(res.body.pagination.has_more).toBe(res.body.pagination.next_cursor !== null);
    cursor = res.body.pagination.next_cursor;
    pages += 1;
  } while (cursor !== null && pages < maxPages);
  expect(cursor).toBeNull();
  return { rows, pages };
}
