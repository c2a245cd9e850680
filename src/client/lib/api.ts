// The spec's generic request helper, for the REST-only routes (multipart uploads,
// downloads) and for calls shared with third-party tools.
import { ApiError } from './errors';

export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const isForm = payload instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: isForm || payload === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: isForm ? payload : ['POST', 'PUT', 'PATCH'].includes(method) && payload !== undefined ? JSON.stringify(payload) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const body = json as { error?: string; data?: { fieldErrors?: Record<string, string> } } | undefined;
    const message = body?.error ?? (text || `${res.status} ${res.statusText}`);
    throw new ApiError(message, res.status, json ?? text, body?.data?.fieldErrors ?? {});
  }
  if (res.headers.get('content-type')?.includes('application/json')) return json as T;
  return (text ? { message: text } : { success: true }) as T;
}
