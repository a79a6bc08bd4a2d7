import { shopperUserAgent } from './browser.ts';

export interface Answer {
  status: number;
  location: string | null;
  retryAfter: string | null;
  body: string;
}

/**
 * A visitor without JavaScript, over plain HTTP: keeps its cookies, sends the CSRF token of the
 * last page it saw with its form posts, and does not follow redirects.
 */
export class FormClient {
  readonly #base: string;
  /** Sent with every request, e.g. an X-Forwarded-For the shop believes from loopback (TRUST_PROXY). */
  readonly #headers: Record<string, string>;
  readonly #cookies = new Map<string, string>();
  #csrf = '';

  constructor(base: string, headers: Record<string, string> = {}) {
    this.#base = base;
    this.#headers = headers;
  }

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** The Cookie header this visitor sends (e.g. to replay its requests elsewhere). */
  cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(path: string, form?: Record<string, string>, { timeoutMs = 10_000 } = {}): Promise<Answer> {
    const response = await fetch(`${this.#base}${path}`, {
      method: form ? 'POST' : 'GET',
      body: form ? new URLSearchParams({ _csrf: this.#csrf, ...form }) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...this.#headers,
        'user-agent': shopperUserAgent,
        origin: this.#base,
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    const body = await response.text();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.#cookies.set(name!.trim(), value.join('='));
    }
    this.#csrf = body.match(/name="_csrf" value="([^"]+)"/)?.[1] ?? this.#csrf;
    return { status: response.status, location: response.headers.get('location'), retryAfter: response.headers.get('retry-after'), body };
  }

  get(path: string) {
    return this.request(path);
  }

  post(path: string, form: Record<string, string>) {
    return this.request(path, form);
  }
}
