'use client';

import { BookingError } from '@/components/booking/BookingError';

export default function ConfirmationErrorRoute({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <BookingError error={error} reset={reset} />;
}
