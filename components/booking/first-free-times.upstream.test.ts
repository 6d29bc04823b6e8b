import { emptyBookingCard } from '@/lib/booking/card';
import { WAX } from '@/lib/booking/test-support/cards';
import { answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { addToCard } from '@/stores/card-edits';
import { firstFreeTimes } from './first-free-times';

/**
 * On a front (SALON_API_URL) the booking page's first free times are the upstream's answers: one that is not in the
 * answer's shape is said in the log and left out (the picker asks again and shows its own message), never a 500 page.
 */
const upstream = setUpFakeUpstream();
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));

const item = WAX[0]!;
const card = addToCard(emptyBookingCard(), { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration }, { location: 1 }).card;
const services = { [item.id]: { id: item.id, name: item.name, duration: 15, shownDuration: '15 min', price: item.price } } as never;

describe('firstFreeTimes on a front', () => {
  it("asks the upstream's GET /api/visits/ and leaves out a 200 that is not a visit answer, saying so in the log", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    upstream.reply = answerJson(200, { days: 'not a list' });
    const answers = await firstFreeTimes({ card, services, mode: 'visit', today: '2027-03-01', lastDay: '2027-05-30' });
    expect(answers).toEqual({});
    expect(upstream.seen.map((seen) => seen.url.split('?')[0])).toEqual(['/api/visits/1/']);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('another shape'), expect.stringMatching(/^\/api\/visits\/1\/\?/), expect.any(String));
    log.mockRestore();
  });

  it("keeps the upstream's answer when it is one", async () => {
    const answer = { days: [{ date: '2027-03-01', count: 1 }], date: '2027-03-01', times: [], timestamp: '2027-03-01T15:00:00.000Z' };
    upstream.reply = answerJson(200, answer);
    const answers = await firstFreeTimes({ card, services, mode: 'visit', today: '2027-03-01', lastDay: '2027-05-30' });
    expect(Object.values(answers)).toEqual([answer]);
  });
});
