import { SERVICE_TYPE_FLAGS } from '@/lib/catalog/tables';

/** The customer of the booking page, as the page needs them (lib/booking/booking-customer.ts reads it). */

export interface OwnedPackageSummary {
  pkgId: string;
  serviceId: string;
  title: string;
  /** null: some are left, the count is not known (proxy mode: the upstream's list call says no more). */
  sessionsLeft: number | null;
}

export interface CustomerSummary {
  id: string;
  name: string;
  email: string;
  packages: OwnedPackageSummary[];
  hasPatchTest: boolean;
}

/** Who is booking, and a sentence for them when their account could not be loaded. */
export interface BookingCustomer {
  customer: CustomerSummary | null;
  notice: string | null;
}

export const ACCOUNT_UNAVAILABLE_MESSAGE =
  'We could not reach the salon to load your packages and past visits, so a booking made now would not use a package. Your cart and choices are kept; reload this page in a minute to try again.';

const PATCH_TEST_FLAGS: readonly number[] = [SERVICE_TYPE_FLAGS.LPT_WOMEN, SERVICE_TYPE_FLAGS.LPT_MEN];

export function isPatchTest(svcType: number): boolean {
  return PATCH_TEST_FLAGS.includes(svcType);
}
