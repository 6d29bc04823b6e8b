'use client';

import { BookingError } from '@/components/booking/BookingError';

export default function BookingErrorRoute({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <BookingError error={error} reset={reset} />;
}
