import { errorResponse } from '@/lib/api/errors';
import { getSession } from '@/lib/auth';
import { bookingIcs } from '@/lib/calendar/booking-ics';
import { bookingOf } from '@/components/booking/booking-read';

/** The booking's appointments as an iCalendar file, for the signed-in customer who made it. */
export async function GET(request: Request, { params }: { params: Promise<{ cid: string }> }): Promise<Response> {
  try {
    const session = await getSession(request);
    if (!session) return errorResponse(401, 'unauthorized', 'Please sign in.');
    const { cid } = await params;
    const booking = await bookingOf(session.user.id, cid);
    if (!booking) return errorResponse(404, 'not_found', 'No such booking.');
    const ics = bookingIcs(Number(booking.header.location), booking.appointments);
    return new Response(ics, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="appointment-${booking.header.aptId.slice(0, 8)}.ics"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    console.error('calendar file failed', error);
    return errorResponse(500, 'internal', 'The calendar file could not be made. Please try again.');
  }
}
