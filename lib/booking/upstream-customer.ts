import 'server-only';
import { CLIENT_ADDRESS_HEADER } from '@/lib/api/client-address';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { forwardToUpstream } from '@/lib/api/proxy';
import { APPOINTMENT_STATUS } from './card-schema';

const lineSchema = z.object({ serviceTypeId: z.number() });

/**
 * The list answer as this site's own API sends it ({ customerId, cards, pkgAvailable }), read leniently: a card's
 * `appointments` (this API's addition) say which areas are still booked; without them the card's status does.
 */
const listAnswerSchema = z.object({
  cards: z.array(
    z.object({
      header: z.object({ status: z.string() }).partial().optional(),
      svcAreas: z.array(z.object({ svcTypes: z.array(z.object({ svcArray: z.array(lineSchema) })) })).optional(),
      appointments: z.array(z.object({ status: z.string(), lines: z.array(lineSchema) })).optional(),
    }),
  ),
  pkgAvailable: z.array(z.object({ pkgId: z.string(), isPkgUsed: z.boolean() })),
});

export type UpstreamCustomerRecord =
  /** The session is valid upstream: the service types of the booked appointments, the packages with sessions left. */
  | { kind: 'found'; bookedServiceTypes: number[]; unusedPackageIds: string[] }
  /** The upstream does not know this session (401/403): the readable profile cookie is stale. */
  | { kind: 'signed-out' }
  /** Unreachable, slower than SALON_API_TIMEOUT_MS, failing, or an answer that cannot be read. */
  | { kind: 'unavailable'; reason: string };

/**
 * The headers of the page request that the list call carries: the session cookie and who is asking (the proxy
 * turns the client address server.mjs found into X-Forwarded-For).
 */
const CARRIED = ['cookie', 'user-agent', 'accept-language', CLIENT_ADDRESS_HEADER];

/** An upstream answer for a page: a 2xx response, a session the upstream does not know, or no usable answer. */
export type UpstreamRead = { kind: 'answer'; response: Response } | { kind: 'signed-out'; status: 401 | 403 } | { kind: 'unavailable'; reason: string };

/**
 * A GET of the upstream salon API on behalf of the visitor of a page: `path` (only its path and query reach the
 * upstream, built on SALON_API_URL) with the visitor's cookies and address. 401/403 read as signed out. Failures are
 * an answer ('unavailable', already logged), never an exception, so the page can say so and carry on.
 */
export async function readUpstream(path: string, incoming: Headers): Promise<UpstreamRead> {
  const headers = new Headers({ accept: 'application/json' });
  for (const name of CARRIED) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  const request = new Request(new URL(path, 'http://page.invalid'), { headers });
  let response: Response;
  try {
    response = await forwardToUpstream(request);
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'unavailable', reason: error.message };
    throw error;
  }
  if (response.status === 401 || response.status === 403) return { kind: 'signed-out', status: response.status };
  if (!response.ok) {
    console.error(`[api] upstream GET ${new URL(path, 'http://page.invalid').pathname} answered ${response.status}`);
    return { kind: 'unavailable', reason: `The salon service answered ${response.status}.` };
  }
  return { kind: 'answer', response };
}

/**
 * Proxy mode (SALON_API_URL): accounts, packages and bookings live upstream, so a page asks the upstream's list call
 * (GET /api/appointments/{customerId}/) with the visitor's cookies instead of reading the local database.
 */
export async function upstreamCustomerRecord(customerId: string, incoming: Headers): Promise<UpstreamCustomerRecord> {
  const read = await readUpstream(`/api/appointments/${encodeURIComponent(customerId)}/`, incoming);
  if (read.kind === 'signed-out') return { kind: 'signed-out' };
  if (read.kind !== 'answer') return read;
  const response = read.response;
  const parsed = listAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[booking] upstream list answer not readable: ${parsed.error.message}`);
    return { kind: 'unavailable', reason: 'The salon service sent an answer that could not be read.' };
  }
  const bookedServiceTypes = parsed.data.cards.flatMap((card) =>
    card.appointments
      ? card.appointments.filter((a) => a.status === 'booked').flatMap((a) => a.lines.map((line) => line.serviceTypeId))
      : card.header?.status === APPOINTMENT_STATUS.BOOKED
        ? (card.svcAreas ?? []).flatMap((area) => area.svcTypes.flatMap((type) => type.svcArray.map((line) => line.serviceTypeId)))
        : [],
  );
  const unusedPackageIds = parsed.data.pkgAvailable.filter((pkg) => !pkg.isPkgUsed).map((pkg) => pkg.pkgId.toLowerCase());
  return { kind: 'found', bookedServiceTypes, unusedPackageIds };
}
