/** Small HTTP helpers for the sandbox integration tests (real loopback requests via fetch). */
export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function request<T = unknown>(url: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

export const get = <T = unknown>(url: string) => request<T>(url);

export const post = <T = unknown>(url: string, body: unknown) =>
  request<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
