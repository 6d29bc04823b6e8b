import Link from '@/components/ui/AppLink';
import { BookingBarSummary } from './BookingBarSummary';

/**
 * The next step after adding, on a phone: a bar at the bottom, '2 services · $105 · Book now', while the booking cart
 * holds a service. It is in the markup for everybody; the first-paint mark on <html> shows it (app/globals.css), so
 * a returning visitor sees it at once.
 */
export function BookingBar() {
  return (
    <div className="booking-bar fixed inset-x-0 bottom-0 z-40 border-t border-brand-100 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] backdrop-blur md:hidden">
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <BookingBarSummary />
        <Link href="/booking/" prefetch={false} className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Book now
        </Link>
      </div>
    </div>
  );
}
