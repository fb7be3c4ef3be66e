import type { EndpointDef, InputOf } from '@sapwood/contracts';

/** A cookie-keeping HTTP client for API tests, speaking to a real server over the network. */
export class ApiClient {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async call<E extends EndpointDef>(ep: E, input?: InputOf<E> | Record<string, unknown>, headers: Record<string, string> = {}) {
    let url = this.baseUrl + ep.path;
    const init: RequestInit = { method: ep.method, headers: { ...headers } };
    if (ep.method === 'GET') {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
        if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
        else if (v !== undefined && v !== null) qs.set(k, String(v));
      }
      if ([...qs].length) url += `?${qs}`;
    } else {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(input ?? {});
    }
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    const res = await fetch(url, init);
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const first = setCookie.split(';')[0];
      this.cookie = first.endsWith('=') ? '' : first;
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as any, headers: res.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  /** Raw request for malformed bodies and odd headers. */
  async raw(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed as any, text }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}
