import type { VisitAnswer } from './visit-schema';
import { fetchFreeTimes } from './slots-client';

export type { VisitAnswer } from './visit-schema';
export type VisitTime = VisitAnswer['times'][number];

export const VISIT_KEY_PREFIX = '/api/visits/';

export interface VisitAreaRequest {
  areaId: number;
  therapistId: number;
  duration: number;
  /** The area's services: only therapists who do them all at the location are offered. */
  serviceIds?: readonly string[];
}

/** The SWR key (and URL) of a cart's visit times: the strip from `from`, the times of `date`. */
export function visitKey(location: string, areas: readonly VisitAreaRequest[], from: string, days: number, date: string | undefined): string | null {
  if (areas.length === 0 || areas.some((a) => a.duration <= 0) || days <= 0) return null;
  const params = new URLSearchParams({ areas: areas.map((a) => `${a.areaId}:${a.therapistId}:${a.duration}`).join(','), from, days: String(days) });
  if (date) params.set('date', date);
  const services = areas.flatMap((a) => a.serviceIds ?? []).map((id) => id.replace(/[{}]/g, ''));
  if (services.length > 0) params.set('services', services.join(','));
  return `${VISIT_KEY_PREFIX}${location}/?${params.toString()}`;
}

export function fetchVisit(url: string): Promise<VisitAnswer> {
  return fetchFreeTimes(url, async () => (await import('./visit-schema')).visitAnswerSchema);
}

/** Days from `today` through `lastDay`, at most `max`. */
export function stripLength(today: string, lastDay: string, max: number): number {
  const days = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
  return Math.max(0, Math.min(max, days));
}
