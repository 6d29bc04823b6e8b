import { errorResponse } from '@/lib/api/errors';
import { bookingIcs } from '@/lib/calendar/booking-ics';
import { backend } from '@/lib/backend';
import { bookedBookingOf } from '@/lib/booking/booked';
import { UpstreamUnavailableError } from '@/lib/booking/signed-in-customer';

/** The booking's appointments as an iCalendar file, for the signed-in customer who made it. */
export async function GET(request: Request, { params }: { params: Promise<{ cid: string }> }): Promise<Response> {
  try {
    const read = await backend().customerBooking((await params).cid, request);
    if (read.kind === 'signed-out') return errorResponse(401, 'unauthorized', 'Please sign in.');
    if (read.kind === 'not-found') return errorResponse(404, 'not_found', 'No such booking.');
    const { card, appointments } = bookedBookingOf(read.booking);
    return new Response(bookingIcs(card.location, appointments), {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="appointment-${card.appointmentId.slice(0, 8)}.ics"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    // Proxy mode: the upstream could not be asked (already logged); its sentence says so.
    if (error instanceof UpstreamUnavailableError) return errorResponse(502, 'upstream_unavailable', error.message);
    console.error('calendar file failed', error);
    return errorResponse(500, 'internal', 'The calendar file could not be made. Please try again.');
  }
}
