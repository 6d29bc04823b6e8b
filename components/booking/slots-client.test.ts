import { slotsKey } from './slots-client';
import { visitKey } from './visit-client';

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
