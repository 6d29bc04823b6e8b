import { formatHoursMinute, minuteToTime } from '@/lib/catalog/day-hours';
import { WEEKDAYS, type Weekday } from '@/lib/catalog/snapshot';
import { formatNotice } from '@/lib/booking/notice';

/**
 * The /desk/hours/ page's forms as plain fields (they post without scripts), to and from the API's document: pure,
 * so what a form sends and where an answer's faults show are tested without a browser.
 */

export const HOURS_FORM = 'hours';

/** The page of a location's hours. */
export const hoursPagePath = (slug: string) => `/desk/hours/?location=${encodeURIComponent(slug)}`;

/** Every quarter hour a location may open at, labelled as the desk shows times ('10:00 AM'). */
export const OPENING_CHOICES = Array.from({ length: 96 }, (_, i) => ({ value: minuteToTime(i * 15), label: formatHoursMinute(i * 15) }));
/** Every quarter hour it may close at, up to midnight. */
export const CLOSING_CHOICES = Array.from({ length: 96 }, (_, i) => ({ value: minuteToTime((i + 1) * 15), label: formatHoursMinute((i + 1) * 15) }));

const NOTICES = [0, 15, 30, 45, 60, 90, 120, 180, 240, 360, 720, 1440, 2880];

/** The minimum notices the page offers, with the location's own when it is another. */
export function noticeChoices(current: number): { value: number; label: string }[] {
  const minutes = NOTICES.includes(current) ? NOTICES : [...NOTICES, current].sort((a, b) => a - b);
  return minutes.map((value) => ({ value, label: value === 0 ? 'None: any time from now' : formatNotice(value) }));
}

/** The names of the week form's fields. */
export const weekField = {
  open: (weekday: number) => `open-${weekday}`,
  close: (weekday: number) => `close-${weekday}`,
  closed: (weekday: number) => `closed-${weekday}`,
  notice: 'notice',
} as const;

/** The week form's field names, in order (what an error brings back to the form). */
export const WEEK_FIELDS: readonly string[] = [...WEEKDAYS.flatMap((day) => [weekField.open(day), weekField.close(day), weekField.closed(day)]), weekField.notice];
export const SPECIAL_FIELDS: readonly string[] = ['date', 'open', 'close', 'note'];

type Values = Record<string, string>;

/** The week and the notice as the API takes them, from the week form's fields. */
export function weekOfForm(values: Values): { week: { weekday: Weekday; closed: boolean; open: string; close: string }[]; minNoticeMinutes: number | string } {
  const notice = values[weekField.notice] ?? '';
  return {
    week: WEEKDAYS.map((weekday) => ({
      weekday,
      closed: values[weekField.closed(weekday)] === 'on',
      open: values[weekField.open(weekday)] ?? '',
      close: values[weekField.close(weekday)] ?? '',
    })),
    // A number when it is one; otherwise the text, for the API to refuse with its sentence.
    minNoticeMinutes: /^\d{1,6}$/.test(notice) ? Number(notice) : notice,
  };
}

/**
 * Where an API fault shows on the page: 'week.6.close' on Saturday's closing time, 'minNoticeMinutes' on the notice,
 * the added date's faults ('special.{added}.date') on the add form's fields; anything else only in the message.
 */
export function formFieldOf(apiField: string, addedIndex?: number): string | undefined {
  const week = /^week\.(\d)\.(open|close)$/.exec(apiField);
  if (week) return week[2] === 'open' ? weekField.open(Number(week[1])) : weekField.close(Number(week[1]));
  if (apiField === 'minNoticeMinutes') return weekField.notice;
  const special = /^special\.(\d+)\.(date|open|close|note)$/.exec(apiField);
  if (special && addedIndex !== undefined && Number(special[1]) === addedIndex) return special[2];
  return undefined;
}

/** The answer's field faults under the form's own field names. */
export function formFields(apiFields: Record<string, string>, addedIndex?: number): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(apiFields)) {
    const field = formFieldOf(name, addedIndex);
    if (field) fields[field] ??= message;
  }
  return fields;
}
