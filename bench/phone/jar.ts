// A tiny cookie-keeping REST client for the bench's set-up (one signed-in browser each).

export class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  /** The Cookie header a browser signed in as this client would send. */
  cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Calls the API and returns the JSON body; throws on any status but 200. */
  async ok(method: 'GET' | 'POST', route: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        origin: this.baseUrl,
        ...(this.cookies.size ? { cookie: this.cookie() } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(set) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
}
