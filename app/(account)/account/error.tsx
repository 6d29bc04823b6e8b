'use client';

import { BookingError } from '@/components/booking/BookingError';

export default function AccountErrorRoute({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <BookingError error={error} reset={reset} title="Your account" />;
}
