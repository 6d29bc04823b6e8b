import 'server-only';
import { headers } from 'next/headers';
import type { BookingCard } from '@/lib/booking/card';
import { visitTimesHandler } from '@/lib/booking/visit-handlers';
import { siteUrl } from '@/lib/env';
import type { ServiceSummary } from './booking-types';
import type { TimesMode } from './url-state';
import type { VisitAnswer } from './visit-client';
import { visitAnswerSchema } from './visit-schema';
import { firstFreeDay, firstPick, firstPickers, pickerKey } from './visit-pickers';

interface FirstFreeTimesInput {
  card: BookingCard;
  services: Record<string, ServiceSummary>;
  mode: TimesMode;
  today: string;
  lastDay: string;
}

/**
 * The free times the booking page's pickers ask for first, answered with the page: SWR's fallback, by key. Asked as
 * the browser would ask GET /api/visits/ (the same handler, this request's cookies), so holds, the customer's own
 * appointments and a front's upstream count alike. Without them the page was drawn with 'Looking for free times…',
 * and the strip and times that came after hydration moved what was below them. A question not answered 200 in the
 * answer's shape is left out: the picker asks it itself and says what went wrong, as before.
 */
export async function firstFreeTimes({ card, services, mode, today, lastDay }: FirstFreeTimesInput): Promise<Record<string, VisitAnswer>> {
  const pickers = firstPickers(card, services, mode);
  if (pickers.length === 0) return {};
  const pageHeaders = new Headers(await headers());
  const location = String(card.location);
  const ask = async (key: string): Promise<VisitAnswer | undefined> => {
    const response = await visitTimesHandler(new Request(new URL(key, siteUrl()), { headers: pageHeaders }), { params: Promise.resolve({ location }) });
    if (response.status !== 200) return undefined;
    // A front's upstream answers these: a body not in the answer's shape is said in the log and left to the picker.
    const parsed = visitAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) return parsed.data;
    console.error('[booking] the free times answered 200 in another shape; the picker asks again itself', key, parsed.error.message);
    return undefined;
  };
  const answers: Record<string, VisitAnswer> = {};
  await Promise.all(
    pickers.map(async ({ areas, keptDay, chosenDate }) => {
      const picked = firstPick(today, keptDay, chosenDate);
      const key = pickerKey(location, areas, today, lastDay, picked);
      if (!key) return;
      const answer = await ask(key);
      if (!answer) return;
      answers[key] = answer;
      // The picker moves on to the first day with a time when the strip's first has none (VisitPicker): that one too.
      const freeDay = picked === undefined ? firstFreeDay(answer) : undefined;
      const next = freeDay ? pickerKey(location, areas, today, lastDay, freeDay) : null;
      const nextAnswer = next ? await ask(next) : undefined;
      if (next && nextAnswer) answers[next] = nextAnswer;
    }),
  );
  return answers;
}
