import { BookingSkeleton } from '@/components/booking/BookingLoader';
import { BookingNoScriptNotice } from '@/components/ui/NoScriptNotice';

export default function BookingLoading() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Online booking</h1>
      <BookingNoScriptNotice />
      <BookingSkeleton />
    </div>
  );
}
