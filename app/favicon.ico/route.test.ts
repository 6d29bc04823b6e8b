import { GET } from './route';

describe('/favicon.ico', () => {
  it('answers the site icon instead of a 404', async () => {
    const response = GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg [^>]*viewBox="0 0 32 32"/);
  });
});
