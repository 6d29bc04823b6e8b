import type { AppointmentView, BookedCard } from './appointments/read';
import { areaOfAppointment, bookedBookingOf } from './booked';
import { cardToWire } from './card';
import { bookedService, bookingCard } from './test-support/booking-card';
import type { SlotStartIso } from './calendar';

const FACIAL = '33333333-3333-4333-8333-333333333333';
const WAX = '11111111-1111-4111-8111-111111111111';
const at = (iso: string) => iso as SlotStartIso;

const appointment = (areaId: number, start: string): AppointmentView => ({
  id: `apt-${areaId}`,
  areaId,
  areaName: areaId === 3 ? 'Skincare' : 'Hair Removal',
  therapistId: 4,
  therapistName: 'Grace',
  requestedTherapistId: 0,
  start: at(start),
  end: at(start),
  localStart: '',
  status: 'booked',
  price: 100,
  lines: [],
});

describe('a stored booking read through its door', () => {
  const card = bookingCard(
    [
      { area: 1, therapist: 2, date: '2026-12-05T15:00:00.000Z', note: 'sensitive', services: [bookedService(WAX, 1)] },
      { area: 3, therapist: 4, date: '2026-12-05T16:00:00.000Z', services: [bookedService(FACIAL, 16384)] },
    ],
    { customerId: 'c1', appointmentId: 'b1', location: 3, gender: 'men', status: 'booked' },
  );
  const wire = cardToWire(card);
  const booked: BookedCard = {
    ...wire,
    // The stored card's schema narrows the gender's code.
    header: { ...wire.header, gender: '1' },
    appointments: [appointment(1, '2026-12-05T15:00:00.000Z'), appointment(3, '2026-12-05T16:00:00.000Z')],
  };

  it('names the card and keeps its appointments', () => {
    const booking = bookedBookingOf(booked);
    expect(booking.card).toEqual(card);
    expect(booking.appointments).toBe(booked.appointments);
  });

  it("finds an appointment's area by its area and its start, and none for a start the card does not hold", () => {
    const { card: named } = bookedBookingOf(booked);
    expect(areaOfAppointment(named, { areaId: 1, start: at('2026-12-05T15:00:00.000Z') })).toMatchObject({ area: 1, therapist: 2, note: 'sensitive' });
    expect(areaOfAppointment(named, { areaId: 3, start: at('2026-12-05T16:00:00.000Z') })?.services.map((s) => s.id)).toEqual([FACIAL]);
    expect(areaOfAppointment(named, { areaId: 3, start: at('2026-12-05T15:00:00.000Z') })).toBeUndefined();
  });
});
