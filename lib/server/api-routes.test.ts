import { readdirSync } from 'node:fs';
import path from 'node:path';
import { MAX_BODY_BYTES } from '@/lib/api/parse';
import { API_BODY_BYTES, API_ROUTES, LARGEST_BODY_BYTES, allowedMethods, apiRouteOf, declaredBodyProblem, methodProblem } from './api-routes.mjs';

const HTTP_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

describe('the table of API routes', () => {
  it('names every route file of app/api with exactly the methods it exports', async () => {
    const root = path.resolve(__dirname, '../../app');
    const files = routeFiles(path.join(root, 'api'));
    const actual = await Promise.all(
      files.map(async (file) => {
        const exported = Object.keys((await import(file)) as Record<string, unknown>);
        const routePath = `/${path.relative(root, path.dirname(file)).split(path.sep).join('/')}/`;
        return { path: routePath, methods: HTTP_METHODS.filter((method) => exported.includes(method)).sort() };
      }),
    );
    const table = API_ROUTES.map((route) => ({ path: route.path, methods: [...route.methods].sort() }));
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(table.sort(byPath)).toEqual(actual.sort(byPath));
  });

  it('reads bodies up to the limit the handlers parse', () => {
    expect(API_BODY_BYTES).toBe(MAX_BODY_BYTES);
  });

  it("names the largest body a route takes (the photo upload's 16 MB), which next.config.mjs lets the middleware hand on whole", () => {
    expect(LARGEST_BODY_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe('methods a route does not answer', () => {
  it('finds the route of an address with or without its trailing slash and query', () => {
    expect(apiRouteOf('/api/slots/1/2/0/2026-12-01/30/?x=1')?.path).toBe('/api/slots/[location]/[areaId]/[therapistId]/[date]/[duration]/');
    expect(apiRouteOf('/api/health')?.path).toBe('/api/health/');
    expect(apiRouteOf('/api/appointments/bof/abc/')?.path).toBe('/api/appointments/bof/[customerId]/');
    expect(apiRouteOf('/api/no-such/')).toBeUndefined();
    expect(apiRouteOf('/services/')).toBeUndefined();
  });

  it('answers 405 with the Allow list for any other method, HEAD following GET', () => {
    expect(methodProblem('TRACE', '/api/health/')).toEqual({ status: 405, api: true, allow: 'GET, HEAD' });
    expect(methodProblem('OPTIONS', '/api/auth/signin/')).toEqual({ status: 405, api: true, allow: 'POST' });
    expect(methodProblem('PATCH', '/api/appointments/x/y/')).toEqual({ status: 405, api: true, allow: 'GET, HEAD, PUT' });
    expect(methodProblem('HEAD', '/api/holds/')).toEqual({ status: 405, api: true, allow: 'DELETE, POST' });
    expect(methodProblem('PROPFIND', '/api/waitlist/')).toMatchObject({ status: 405 });
    for (const method of ['GET', 'HEAD', 'PUT']) expect(methodProblem(method, '/api/appointments/x/y/')).toBeUndefined();
    expect(allowedMethods({ path: '/x/', methods: ['POST', 'GET'] })).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('leaves pages and unknown addresses to Next.js, except under a method it cannot handle', () => {
    expect(methodProblem('PUT', '/services/')).toBeUndefined();
    expect(methodProblem('DELETE', '/api/no-such/')).toBeUndefined();
    expect(methodProblem('TRACE', '/about-us/')).toEqual({ status: 405, api: false, allow: 'GET, HEAD, POST' });
    expect(methodProblem('CONNECT', '/api/no-such/')).toEqual({ status: 404, api: true });
  });
});

describe('a declared body over the limit', () => {
  it('is refused from the Content-Length alone, at each route its own limit', () => {
    expect(declaredBodyProblem('POST', '/api/auth/signin/', String(64 * 1024 + 1))).toEqual({ status: 413, api: true, limit: 64 * 1024 });
    expect(declaredBodyProblem('POST', '/api/auth/signin/', String(64 * 1024))).toBeUndefined();
    expect(declaredBodyProblem('POST', '/api/shop/webhooks/orders/', String(200 * 1024))).toBeUndefined();
    expect(declaredBodyProblem('POST', '/api/shop/webhooks/orders/', String(2 * 1024 * 1024))).toMatchObject({ status: 413 });
    expect(declaredBodyProblem('POST', '/api/desk/photos/', String(15 * 1024 * 1024))).toBeUndefined();
    expect(declaredBodyProblem('POST', '/api/desk/photos/', String(16 * 1024 * 1024 + 1))).toEqual({ status: 413, api: true, limit: 16 * 1024 * 1024 });
    expect(declaredBodyProblem('PUT', '/api/desk/photos/attachments/service/x/', String(64 * 1024 + 1))).toMatchObject({ status: 413 });
    expect(declaredBodyProblem('POST', '/signin/', String(512 * 1024))).toBeUndefined();
    expect(declaredBodyProblem('POST', '/signin/', String(2 * 1024 * 1024))).toEqual({ status: 413, api: false, limit: 1024 * 1024 });
  });

  it('leaves a body without a declared length to the handler that reads it', () => {
    expect(declaredBodyProblem('POST', '/api/auth/signin/', undefined)).toBeUndefined();
    expect(declaredBodyProblem('GET', '/api/health/', '999999999')).toBeUndefined();
  });
});
