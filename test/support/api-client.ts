// A REST client that keeps its cookies like a browser, with a tRPC client on the same cookies.
// Imports nothing of the server, so a test or bench that talks to separate processes (the cluster
// harness, cluster-clients.ts) uses it without loading the app. Re-exported by harness.ts.
import { createTRPCClient, createWSClient, httpLink, splitLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import type { AppRouter } from '../../src/server/routers';

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

/** A REST client that keeps its cookie between calls, like a browser. */
export class ApiClient {
  cookie = '';
  /** The device cookie (decision 720), kept apart so `cookie` stays the sign-in alone. */
  deviceCookie = '';
  /** Other cookies (the browser's hunter key, decision 740), sent along like a browser would. */
  readonly jar = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, pathname: string, body?: unknown, init: RequestInit = {}): Promise<ApiResponse<T>> {
    const headers = new Headers(init.headers);
    const cookies = this.cookies();
    if (cookies) headers.set('cookie', cookies);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + pathname, { redirect: 'manual', ...init, method, headers, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      if (pair?.startsWith('dinohunt_session=')) this.cookie = pair.endsWith('=') ? '' : pair;
      else if (pair?.startsWith('dinohunt_device=')) this.deviceCookie = pair.endsWith('=') ? '' : pair;
      else if (pair?.includes('=')) {
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        if (value === '') this.jar.delete(name);
        else this.jar.set(name, value);
      }
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** The Cookie header a browser would send: the sign-in, the device cookie and the rest of the jar. */
  cookies(): string {
    const others = [...this.jar].map(([name, value]) => `${name}=${value}`);
    return [this.cookie, this.deviceCookie, ...others].filter(Boolean).join('; ');
  }

  get<T = any>(p: string) {
    return this.request<T>('GET', p);
  }
  post<T = any>(p: string, body?: unknown) {
    return this.request<T>('POST', p, body);
  }
  put<T = any>(p: string, body?: unknown) {
    return this.request<T>('PUT', p, body);
  }
  delete<T = any>(p: string) {
    return this.request<T>('DELETE', p);
  }

  /**
   * tRPC over HTTP for queries/mutations and WebSocket for subscriptions, with this
   * client's cookie; `allOverWebSocket` sends every call through the socket.
   */
  trpc({ allOverWebSocket = false } = {}) {
    const cookie = this.cookies();
    const wsClient = createWSClient({
      url: `${this.baseUrl.replace('http', 'ws')}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(url: string) {
          super(url, { headers: { cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => allOverWebSocket || op.type === 'subscription',
          true: wsLink({ client: wsClient, transformer: superjson }),
          false: httpLink({ url: `${this.baseUrl}/trpc`, transformer: superjson, headers: () => ({ cookie: this.cookies() }) }),
        }),
      ],
    });
    return { trpc: client, close: () => wsClient.close() };
  }
}
