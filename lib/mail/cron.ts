import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { errorResponse, json } from '@/lib/api/errors';
import { backend } from '@/lib/backend';
import { env } from '@/lib/env';
import { mailTick } from './worker';

/** Compared as hashes, so that neither the time taken nor a length check tells a caller how much of it was right. */
function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * GET /api/cron/mail/: one round of the mail worker (due reminders queued, due mail sent), for a host whose processes
 * do not live between requests (Vercel Cron calls it with 'Authorization: Bearer CRON_SECRET'). Answers what the
 * round did. Unset CRON_SECRET: 404, as if the route were not there; a missing or wrong secret: 401. In proxy mode
 * the upstream API's server sends the mail, so there is nothing to do here (404).
 */
export async function handleMailCron(request: Request): Promise<Response> {
  // Read before anything else: the build prerenders a GET handler that reads nothing of its request and serves its
  // answer from then on (the 404 of a build without CRON_SECRET).
  const authorization = request.headers.get('authorization') ?? '';
  const current = env();
  if (!current.CRON_SECRET) return errorResponse(404, 'not_found', 'Not found.');
  if (!backend().can.mail) {
    return errorResponse(404, 'not_configured', 'This site forwards its API to SALON_API_URL: schedule the mail there.');
  }
  const [scheme, given] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'bearer' || !given || !sameSecret(given, current.CRON_SECRET)) {
    return errorResponse(401, 'unauthorized', 'This address needs the cron secret: Authorization: Bearer <CRON_SECRET>.', undefined, {
      'www-authenticate': 'Bearer realm="cron"',
    });
  }
  const started = Date.now();
  try {
    const round = await mailTick();
    return json({ ok: true, ...round, tookMs: Date.now() - started });
  } catch (error) {
    console.error('[mail] the cron round failed', error);
    return errorResponse(500, 'mail_round_failed', 'The mail round failed; what was due stays in the outbox for the next round.');
  }
}
