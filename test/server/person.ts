// Owns speaking to a built server as one person does from a browser: a cookie jar of her own, `Origin: <APP_BASE_URL>`
// on every write (the server refuses other origins), and next-auth's credentials sign-in over HTTP (csrf token,
// callback, session cookie) — nothing signed in through the services in this process.

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export class Person {
  private readonly cookies = new Map<string, string>();

  /**
   * `serverUrl`: where the server listens now (a restarted server listens elsewhere; her cookies stay valid);
   * `appBaseUrl`: the public address it is configured with (the origin).
   */
  constructor(
    readonly name: string,
    private readonly serverUrl: () => string,
    private readonly appBaseUrl: string,
  ) {}

  /** One request with her cookies; keeps whatever cookies the answer sets (and forgets the ones it expires). */
  async fetch(
    method: string,
    path: string,
    body?: string | FormData,
    contentType?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (method !== 'GET') headers.origin = new URL(this.appBaseUrl).origin;
    if (contentType) headers['content-type'] = contentType;
    const response = await fetch(`${this.serverUrl()}${path}`, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A JSON call, as the console's pages make them; `body` is sent as JSON. */
  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const response = await this.fetch(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? undefined : 'application/json',
    );
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }

  /** A file chosen in a form and sent as `multipart/form-data` (the part `field`), as the console's upload sends it. */
  async upload<T = Record<string, unknown>>(
    path: string,
    field: string,
    file: { name: string; content: string; type: string },
  ): Promise<Answer<T>> {
    const form = new FormData();
    form.set(field, new File([file.content], file.name, { type: file.type }));
    const response = await this.fetch('POST', path, form);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }

  /** The sign-in form's request: next-auth's csrf token, then its credentials callback. True when a session began. */
  async signIn(email: string, password: string): Promise<boolean> {
    const csrf = await this.call<{ csrfToken: string }>('GET', '/api/auth/csrf');
    const form = new URLSearchParams({
      csrfToken: csrf.body.csrfToken,
      email,
      password,
      callbackUrl: `${this.appBaseUrl}/`,
      json: 'true',
    });
    const answer = await this.fetch(
      'POST',
      '/api/auth/callback/credentials',
      form.toString(),
      'application/x-www-form-urlencoded',
    );
    await answer.arrayBuffer();
    return [...this.cookies.keys()].some((name) => name.endsWith('payout.session-token'));
  }

  /** The names of the cookies she holds (to assert their `__Host-` prefix over https). */
  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }
}
