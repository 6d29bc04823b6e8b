import { fetchSlots, FREE_TIMES_UNREACHABLE, slotsKey, SlotsError } from './slots-client';
import { fetchVisit, visitKey } from './visit-client';

// The answers' schemas load beside their requests: a test can make that load fail, as a dropped connection does.
let mockSchemasLoad = true;
function mockLoading(path: string, name: string) {
  const actual = jest.requireActual(path);
  return {
    __esModule: true,
    get [name]() {
      if (!mockSchemasLoad) throw new Error('Loading chunk 4242 failed.');
      return actual[name];
    },
  };
}
jest.mock('./slots-schema', () => mockLoading('./slots-schema', 'slotsAnswerSchema'));
jest.mock('./visit-schema', () => mockLoading('./visit-schema', 'visitAnswerSchema'));

describe('the free-time addresses carry the services to be done', () => {
  const brazilian = '11111111-1111-4111-8111-111111111111';
  const brows = '{22222222-2222-4222-8222-222222222222}';

  it('slots: services after the moved appointment, braces dropped; none: the address as before', () => {
    expect(slotsKey('1', 1, 0, '2027-01-05', 30)).toBe('/api/slots/1/1/0/2027-01-05/30/');
    expect(slotsKey('1', 1, 0, '2027-01-05', 30, { bookingId: 'b', areaId: 1 }, [brazilian, brows])).toBe(
      `/api/slots/1/1/0/2027-01-05/30/?exceptBooking=b&exceptArea=1&services=${brazilian}%2C22222222-2222-4222-8222-222222222222`,
    );
    expect(slotsKey('1', 1, 0, '', 30, undefined, [brazilian])).toBeNull();
  });

  it('visit times: every area\'s services in one list', () => {
    const key = visitKey('soho', [{ areaId: 1, therapistId: 0, duration: 30, serviceIds: [brazilian] }, { areaId: 2, therapistId: 0, duration: 15, serviceIds: [brows] }], '2027-01-05', 14, undefined);
    expect(new URL(key!, 'http://x').searchParams.get('services')).toBe(`${brazilian},22222222-2222-4222-8222-222222222222`);
  });
});

describe('the free times are read with their schemas, which load with the request', () => {
  const slots = { date: '2027-01-05', slots: [{ start: '2027-01-05T15:00:00Z', time: '10:00', therapistIds: [4] }], timestamp: 't', extra: 1 };
  const visit = { days: [{ date: '2027-01-05', count: 0, closure: 'Closed' }], date: '2027-01-05', times: [], timestamp: 't' };
  const answering = (status: number, body: unknown) => {
    globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;
  };
  afterEach(() => {
    mockSchemasLoad = true;
  });

  it('an answer is parsed by its schema: what the page reads, and a malformed one refused', async () => {
    answering(200, slots);
    expect(await fetchSlots('/api/slots/x/')).toEqual({ date: slots.date, slots: slots.slots, timestamp: 't' });
    answering(200, visit);
    expect(await fetchVisit('/api/visits/x/')).toEqual(visit);
    answering(200, { date: 5 });
    await expect(fetchSlots('/api/slots/x/')).rejects.toThrow();
  });

  it("a refusal says the server's sentence, or its status", async () => {
    answering(422, { error: { message: 'That day has passed.' } });
    await expect(fetchVisit('/api/visits/x/')).rejects.toEqual(new SlotsError('That day has passed.', 422));
    answering(503, null);
    await expect(fetchSlots('/api/slots/x/')).rejects.toThrow('The free times could not be loaded (503).');
  });

  it('a schema whose code does not load says what a lost connection says, never a code error', async () => {
    mockSchemasLoad = false;
    answering(200, slots);
    await expect(fetchSlots('/api/slots/x/')).rejects.toEqual(new SlotsError(FREE_TIMES_UNREACHABLE, 0));
    answering(200, visit);
    await expect(fetchVisit('/api/visits/x/')).rejects.toEqual(new SlotsError(FREE_TIMES_UNREACHABLE, 0));
    mockSchemasLoad = true;
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(fetchSlots('/api/slots/x/')).rejects.toEqual(new SlotsError(FREE_TIMES_UNREACHABLE, 0));
  });
});
