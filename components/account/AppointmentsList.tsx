import { redirect } from 'next/navigation';
import Link from '@/components/ui/AppLink';
import { localDateOf, nextDate } from '@/lib/booking/dates';
import { therapistsDoing, therapistsFor } from '@/lib/catalog/catalog';
import { salonLocationById } from '@/lib/content/locations';
import { signedInCustomer } from './signed-in';
import { BOOKING_HORIZON_DAYS } from '@/components/booking/booking-context';
import { formatInstantInNewYork } from '@/components/booking/format';
import { areaOfAppointment } from '@/lib/booking/booked';
import { areaServiceIds, type BookingArea } from '@/lib/booking/card';
import { beforeCutoff, CANCELLATION_CUTOFF_HOURS, splitAppointments, type ChangeableAppointment } from './appointment-changes';
import { AppointmentActions } from './AppointmentActions';
import { BookAgainButton } from './BookAgainButton';

/** Whom a visit can move to: 'any', and the therapists who do every one of its services there. */
function movableTo(location: number, area: BookingArea) {
  const ids = areaServiceIds(area);
  const doing = therapistsDoing(location, ids);
  return therapistsFor(location, area.area).filter((therapist) => therapist.id === 0 || ids.length === 0 || doing.includes(therapist.id));
}

/** The signed-in customer's upcoming and past appointments; upcoming ones can be moved or cancelled. */
export async function AppointmentsList() {
  const customer = await signedInCustomer();
  if (!customer) redirect('/signin/?url=%2Faccount%2F');
  const { user, bookings, salonAsked: asked } = customer;
  const rows = bookings.flatMap((booking) =>
    booking.appointments.map((appointment) => ({ booking, card: booking.card, appointment, area: areaOfAppointment(booking.card, appointment) })),
  );
  const { upcoming, past, now } = splitAppointments(rows);
  const today = localDateOf(now);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-3 text-2xl font-semibold">
          Upcoming appointments
        </h2>
        <p className="mb-3 text-sm text-gray-700">
          You can reschedule or cancel up to {CANCELLATION_CUTOFF_HOURS} hours before an appointment. After that, please call the salon.
        </p>
        {upcoming.length === 0 ? (
          <p>
            No upcoming appointments.{' '}
            <Link href="/services/" className="font-semibold text-brand-700 underline">
              Book a visit
            </Link>
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {upcoming.map(({ card, appointment, area }) => {
              const salon = salonLocationById(card.location);
              const changeable: ChangeableAppointment | null = area
                ? { customerId: user.id, appointmentId: card.appointmentId, location: card.location, gender: card.gender, area: { ...area, therapist: appointment.requestedTherapistId } }
                : null;
              return (
                // The desk's 'choose another time' mail links to one visit here (lib/desk/notify-mail.ts).
                <li key={appointment.id} id={`appointment-${appointment.id}`} className="scroll-mt-4 rounded-xl border border-brand-100 p-4 target:border-brand-700">
                  <h3 className="text-lg font-semibold">
                    {appointment.areaName}: {appointment.lines.map((l) => l.name).join(', ')}
                  </h3>
                  <p>
                    <time dateTime={appointment.start}>{formatInstantInNewYork(appointment.start)}</time>
                  </p>
                  <p className="text-sm">
                    With {appointment.therapistName}
                    {salon ? ` at ${salon.name}, ${salon.street}` : ''}
                  </p>
                  {asked.has(appointment.id) ? (
                    <p className="mt-2 rounded bg-amber-50 p-2 text-sm font-semibold text-stone-900">
                      We are sorry: {appointment.therapistName} cannot see you at this time. Please choose another time, or cancel at no charge.
                    </p>
                  ) : null}
                  {changeable && (beforeCutoff(appointment.start, now) || asked.has(appointment.id)) ? (
                    <AppointmentActions
                      appointment={changeable}
                      areaName={appointment.areaName}
                      therapists={movableTo(card.location, changeable.area)}
                      duration={Math.round((Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000)}
                      today={today}
                      lastDay={nextDate(today, BOOKING_HORIZON_DAYS)}
                    />
                  ) : (
                    <p className="mt-2 text-sm font-semibold">
                      This appointment starts within {CANCELLATION_CUTOFF_HOURS} hours. To change or cancel it, please call{' '}
                      {salon ? (
                        <a href={`tel:${salon.phone}`} className="text-brand-700 underline">
                          {salon.phoneDisplay}
                        </a>
                      ) : (
                        'the salon'
                      )}
                      .
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-heading">
        <h2 id="past-heading" className="mb-3 text-2xl font-semibold">
          Past and cancelled appointments
        </h2>
        {past.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {past.map(({ booking, appointment }) => (
              <li key={appointment.id} className="rounded-xl border border-gray-200 p-4">
                <p className="font-semibold">
                  {appointment.areaName}: {appointment.lines.map((l) => l.name).join(', ')}
                  {appointment.status === 'cancelled' ? <span className="ml-2 text-red-800">Cancelled</span> : null}
                </p>
                <p className="text-sm">
                  <time dateTime={appointment.start}>{formatInstantInNewYork(appointment.start)}</time> with {appointment.therapistName}
                </p>
                <BookAgainButton booking={booking} appointments={[appointment]} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
