import { locationData } from '@/lib/catalog/catalog';
import { GET } from './route';

const get = (query: string) => GET(new Request(`http://localhost:3000/api/locations/ui/${query}`));

describe('GET /api/locations/ui/', () => {
  it('answers the areas of one gender keyed by gender id', async () => {
    const response = await get('?svcLocation=2&genderId=1');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['1']);
    expect(body).toEqual(JSON.parse(JSON.stringify(locationData(2, 1))));
    for (const area of body[1]) {
      for (const type of area.serviceTypes) expect([1, 2, 4, 8, 64]).toContain(type.id);
    }
  });
  it('answers the whole map for gender -1, and reads location 0 or none as 1', async () => {
    const whole = await (await get('?svcLocation=0&genderId=-1')).json();
    expect(Object.keys(whole).sort()).toEqual(['0', '1']);
    expect(whole).toEqual(await (await get('')).json());
    expect(whole[0][0].location).toBe(1);
  });
  it('gives an empty list for a location with nothing online', async () => {
    expect(await (await get('?svcLocation=3&genderId=0')).json()).toEqual({ 0: [] });
  });
  it('answers 400 with a clear message for a bad query', async () => {
    for (const query of ['?svcLocation=9&genderId=0', '?svcLocation=1&genderId=2', '?svcLocation=abc', '?genderId=0.5']) {
      const response = await get(query);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe('bad_query');
      expect(Object.keys(body.error.fields).length).toBeGreaterThan(0);
    }
  });
});
