import { appointmentCardSchema } from '@/lib/booking/card-schema';
import type { VisitTimeView } from '@/lib/booking/visit-availability';
import { bookedSentence, chooseTime, deskCard, draftOf, legsOf, matchesQuery, visitQuery, type DeskService } from './desk-booking';

const service = (id: number, areaId: number, duration: number, name = `Service ${id}`): DeskService => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  kind: 'Wax',
  areaId,
  svcType: areaId === 1 ? 1 : 2 ** (areaId + 4),
  gen: 0,
  duration,
  price: 50,
});
const brazilian = service(1, 1, 30, 'Brazilian wax');
const underarm = service(2, 1, 15, 'Underarm wax');
const facial = service(3, 3, 60, 'Classic facial');

const time = (at: string, legs: [number, string, string, number[]][]): VisitTimeView => ({
  start: `2027-01-04T${at}:00Z` as VisitTimeView['start'],
  time: at,
  end: `2027-01-04T${legs.at(-1)![2]}:00Z` as VisitTimeView['end'],
  endTime: legs.at(-1)![2],
  part: 'afternoon',
  legs: legs.map(([areaId, start, end, therapistIds]) => ({ areaId, start: `2027-01-04T${start}:00Z` as VisitTimeView['start'], time: start, end: `2027-01-04T${end}:00Z` as VisitTimeView['end'], therapistIds })),
});

describe('the chain of a desk booking', () => {
  it('is one leg per area in the order chosen, each area\'s services back to back', () => {
    expect(legsOf([brazilian, facial, underarm]).map((l) => [l.areaId, l.minutes, l.services.length])).toEqual([
      [1, 45, 2],
      [3, 60, 1],
    ]);
    const query = visitQuery('2027-01-04', [facial, brazilian]);
    expect(query.get('areas')).toBe('3:0:60,1:0:30');
    expect(query.get('services')).toBe(`${facial.id},${brazilian.id}`);
    expect(query.get('date')).toBe('2027-01-04');
    expect(query.get('days')).toBe('1');
  });

  it('takes the time asked for with the therapist asked for when free there, else the first free qualified one', () => {
    const times = [
      time('13:00', [[1, '13:00', '13:30', [2, 5]], [3, '13:30', '14:30', [4]]]),
      time('13:30', [[1, '13:30', '14:00', [5]], [3, '14:00', '15:00', [4, 6]]]),
    ];
    const chosen = chooseTime(times, { time: '13:00', therapistId: 5 })!;
    expect(chosen).toMatchObject({ time: '13:00', moved: false });
    expect(chosen.legs.map((l) => [l.time, l.therapistId])).toEqual([
      ['13:00', 5],
      ['13:30', 4],
    ]);
    // The chain does not fit at 1:15 PM: the first time after it.
    expect(chooseTime(times, { time: '13:15', therapistId: 2 })).toMatchObject({ time: '13:30', moved: true, legs: [{ therapistId: 5 }, { therapistId: 4 }] });
    // Nothing asked for: the first time of the day.
    expect(chooseTime(times, {})).toMatchObject({ time: '13:00', moved: false, legs: [{ therapistId: 2 }, { therapistId: 4 }] });
    expect(chooseTime(times, { time: '14:00' })).toBeUndefined();
    expect(chooseTime([], {})).toBeUndefined();
  });

  it('draws each leg in its therapist\'s column and books it as a card the server accepts', () => {
    const chosen = chooseTime([time('13:00', [[1, '13:00', '13:45', [2]], [3, '13:45', '14:45', [4]]])], { time: '13:00' })!;
    expect(draftOf(chosen, [brazilian, underarm, facial])).toEqual([
      { therapistId: 2, startMinute: 780, endMinute: 825, label: 'New: Brazilian wax, Underarm wax' },
      { therapistId: 4, startMinute: 825, endMinute: 885, label: 'New: Classic facial' },
    ]);
    const card = appointmentCardSchema.parse(deskCard(1, chosen, [brazilian, underarm, facial]));
    expect(card.header).toMatchObject({ location: '1', gender: '0' });
    expect(card.svcAreas.map((a) => [a.areaId, a.svcTherapist, a.svcDate, a.svcTypes.flatMap((t) => t.svcArray.map((l) => l.id))])).toEqual([
      [1, 2, '2027-01-04T13:00:00Z', [brazilian.id, underarm.id]],
      [3, 4, '2027-01-04T13:45:00Z', [facial.id]],
    ]);
    expect(bookedSentence('Ann Lee', chosen, (id) => (id === 2 ? 'Maya' : 'Lena'))).toBe('Booked: Ann Lee at 1:00 PM with Maya, then 1:45 PM with Lena.');
  });

  it('finds a service by every word typed, any case', () => {
    expect(matchesQuery(brazilian, 'brazil WAX')).toBe(true);
    expect(matchesQuery(brazilian, 'leg wax')).toBe(false);
    expect(matchesQuery({ name: 'Eyebrows', kind: 'Face Threading' }, 'brows thread')).toBe(true);
    expect(matchesQuery(brazilian, '  ')).toBe(false);
  });
});
