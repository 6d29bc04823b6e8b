import Link from '@/components/ui/AppLink';
import { BookingBarSummary } from './BookingBarSummary';

/**
 * The next step after adding, on a phone: a bar at the bottom, '2 services · $105 · Book now', while the booking cart
 * holds a service. It is in the markup for everybody; the first-paint mark on <html> shows it (app/globals.css), so
 * a returning visitor sees it at once.
 */
export function BookingBar() {
  return (
    <aside aria-label="Booking cart summary" className="booking-bar">
      <div>
        <BookingBarSummary />
        <Link href="/booking/" prefetch={false} className="bar-book">
          Book now
        </Link>
      </div>
    </aside>
  );
}
