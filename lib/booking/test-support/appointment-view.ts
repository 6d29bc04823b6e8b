import type { SlotStartIso } from '../dates';
import type { AppointmentView } from '../appointments/read';

/** A stored line of a booked appointment: the 30-minute brows wax at $25, no package. */
export const browsLine = { id: 'c0ffee00-0000-4000-8000-000000000001', svcId: '101', name: 'Brows', serviceTypeId: 2, gen: 0, duration: 30, price: 25, pkgId: null };

/**
 * A booked appointment as the API's read calls answer it (lib/booking/appointments/read.ts): Hair Removal with Ann Lee
 * on 1 December 2026 at 11:00 in New York, the brows line, unless `fields` say otherwise.
 */
export const appointmentView = (fields: Partial<AppointmentView> = {}): AppointmentView => ({
  id: 'c0ffee00-0000-4000-8000-000000000002',
  areaId: 1,
  areaName: 'Hair Removal',
  therapistId: 2,
  therapistName: 'Ann Lee',
  requestedTherapistId: 0,
  start: '2026-12-01T16:00:00.000Z' as SlotStartIso,
  end: '2026-12-01T16:30:00.000Z' as SlotStartIso,
  localStart: '2026-12-01 11:00',
  status: 'booked',
  price: 25,
  lines: [browsLine],
  ...fields,
});
