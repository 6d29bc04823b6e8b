import { SALON_PHONE, SALON_PHONE_DISPLAY } from '@/lib/site';

/** The salon's number as a link to call, inside a sentence ('call us at …'); never broken across two lines. */
export function SalonPhoneLink() {
  return (
    <a href={`tel:${SALON_PHONE}`} className="font-semibold whitespace-nowrap text-brand-700 underline">
      {SALON_PHONE_DISPLAY}
    </a>
  );
}
