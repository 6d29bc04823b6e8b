import 'server-only';
import * as z from 'zod/mini';
import { parseDateInLocationTz, type DateInLocationTz } from '@/lib/booking/calendar';
import { AREA_IDS } from '@/lib/catalog/tables';
import { searchParam, type ParamSource } from '@/lib/routing/search-param';
import type { AreaChoice, BookingUrlState } from './url-state';

// The server reads the address (BookingLoader); the page only writes it (url-state.ts), so these schemas, and zod with
// them, stay out of its script.
const therapistSchema = z.pipe(z.string().check(z.regex(/^\d{1,5}$/)), z.transform(Number));
const dateSchema = z.pipe(
  z.string().check(z.refine((v) => parseDateInLocationTz(v) !== undefined)),
  z.transform((v) => v as DateInLocationTz),
);
const localTimeSchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** Each area's therapist, date and time from the page's address (url-state.ts); a value that does not parse is dropped. */
export function parseBookingUrl(source: ParamSource): BookingUrlState {
  const state: BookingUrlState = {};
  for (const areaId of AREA_IDS) {
    const therapist = therapistSchema.safeParse(searchParam(source, `th${areaId}`));
    const date = dateSchema.safeParse(searchParam(source, `d${areaId}`));
    const time = localTimeSchema.safeParse(searchParam(source, `t${areaId}`));
    const choice: AreaChoice = {};
    if (therapist.success) choice.therapist = therapist.data;
    if (date.success) {
      choice.date = date.data;
      if (time.success) choice.time = time.data;
    }
    if (Object.keys(choice).length > 0) state[areaId] = choice;
  }
  return state;
}
