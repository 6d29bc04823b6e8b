import { pastVisitOf, rebookableServiceIds } from '@/lib/booking/book-again';
import type { AppointmentView } from '@/lib/booking/appointments/read';
import type { BookedBooking } from '@/lib/booking/booked';
import { serviceById } from '@/lib/catalog/catalog';

/**
 * 'Book again' for the past or cancelled appointments of a row: a plain form (it works before the scripts run) whose
 * route puts their services in the cart and opens the booking page. Left out when none of them is booked online any more.
 */
export function BookAgainButton({ booking, appointments }: { booking: BookedBooking; appointments: readonly Pick<AppointmentView, 'id'>[] }) {
  const shown = appointments.map((appointment) => appointment.id);
  const ids = rebookableServiceIds(pastVisitOf(booking, shown));
  if (ids.length === 0) return null;
  const names = ids.map((id) => serviceById(id)?.name ?? 'Service').join(', ');
  return (
    <form method="post" action={`/account/book-again/${booking.card.appointmentId}/`} className="mt-3">
      {shown.map((id) => (
        <input key={id} type="hidden" name="appointment" value={id} />
      ))}
      <button type="submit" aria-label={`Book again: ${names}`} className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700">
        Book again
      </button>
    </form>
  );
}
