/** Builders of Request objects for handler tests: same-origin by default, JSON bodies, cookies carried along. */
export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestRequestOptions {
  method?: string;
  body?: unknown;
  /** A raw body, sent as is (for malformed-input tests). */
  rawBody?: BodyInit;
  cookie?: string;
  /** The Origin header; null leaves it out. */
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export function testRequest(path: string, options: TestRequestOptions = {}): Request {
  const method = options.method ?? (options.body === undefined && options.rawBody === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { 'x-bnp-client-address': options.ip ?? '203.0.113.1', ...options.headers };
  if (options.origin !== null && method !== 'GET') headers.origin = options.origin ?? TEST_ORIGIN;
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return new Request(new URL(path, TEST_ORIGIN), { method, headers, body });
}

/** The cookies a response sets, as a Cookie header for the next request (removed cookies left out). */
export function cookiesFrom(response: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (/max-age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function setCookieFor(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}
