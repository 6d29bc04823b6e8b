import { appointmentCardSchema } from '@/lib/booking/card-schema';
import { beforeCutoff, cancelBody, rescheduleBody, splitAppointments, type ChangeableAppointment } from './appointment-changes';
import { bookedService, bookingArea } from '@/lib/booking/test-support/booking-card';

const appointment: ChangeableAppointment = {
  customerId: '55555555-5555-4555-8555-555555555555',
  appointmentId: '66666666-6666-4666-8666-666666666666',
  location: 1,
  gender: 'women',
  area: bookingArea({ area: 3, therapist: 4, date: '2026-12-05T17:00:00.000Z', note: 'hi', services: [bookedService('33333333-3333-4333-8333-333333333333', 16384)] }),
};

/** The appointment's area as the specification writes it in a PUT body. */
const wireArea = (svcTherapist: number, svcDate: string) => ({
  areaId: 3,
  svcTherapist,
  svcDate,
  svcNote: 'hi',
  svcTypes: [
    {
      svcTypeId: 16384,
      svcArray: [
        { pkgId: null, packageType: 0, qtyFulfilled: 0, qtyCombined: 0, svcId: '', duration: 0, isPackage: false, isOrdered: false, serviceTypeId: 16384, gen: 0, id: '33333333-3333-4333-8333-333333333333', areaId: 3 },
      ],
    },
  ],
});

describe('appointment changes', () => {
  it('allows changes until 24 hours before the start', () => {
    const start = '2026-12-05T17:00:00.000Z';
    expect(beforeCutoff(start, Date.parse('2026-12-04T17:00:00.000Z'))).toBe(true);
    expect(beforeCutoff(start, Date.parse('2026-12-04T17:00:01.000Z'))).toBe(false);
  });

  it('reschedules one area to a New York time with the chosen therapist', () => {
    const body = rescheduleBody(appointment, 0, '2026-12-07', '10:30');
    expect(body.header).toEqual({ customerId: appointment.customerId, aptId: appointment.appointmentId, location: '1', gender: '0', status: '1' });
    expect(body.svcAreas).toEqual([wireArea(0, '2026-12-07 10:30')]);
    expect(appointmentCardSchema.safeParse(body).success).toBe(true);
  });

  it('cancels with status 2 and only this area', () => {
    const body = cancelBody(appointment);
    expect(body.header).toEqual({ customerId: appointment.customerId, aptId: appointment.appointmentId, location: '1', gender: '0', status: '2' });
    expect(body.svcAreas).toEqual([wireArea(4, '2026-12-05T17:00:00.000Z')]);
    expect(appointmentCardSchema.safeParse(body).success).toBe(true);
  });
});

describe('splitAppointments', () => {
  it('puts booked future appointments first, soonest first, and the rest latest first', () => {
    const row = (start: string, status: 'booked' | 'cancelled' = 'booked') => ({ appointment: { start, status } });
    const rows = [row('2026-12-01T15:00:00.000Z'), row('2026-12-09T15:00:00.000Z', 'cancelled'), row('2026-12-08T15:00:00.000Z'), row('2026-12-07T15:00:00.000Z'), row('2026-11-01T15:00:00.000Z')];
    const { upcoming, past } = splitAppointments(rows, Date.parse('2026-12-05T00:00:00.000Z'));
    expect(upcoming.map((r) => r.appointment.start.slice(0, 10))).toEqual(['2026-12-07', '2026-12-08']);
    expect(past.map((r) => r.appointment.start.slice(0, 10))).toEqual(['2026-12-09', '2026-12-01', '2026-11-01']);
  });
});
