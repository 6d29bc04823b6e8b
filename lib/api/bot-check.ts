import 'server-only';
import { z } from 'zod';
import { botCheckEnabled, env } from '@/lib/env';
import { ApiError } from './errors';

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

const verifyAnswer = z.object({ success: z.boolean() });

/**
 * The bot check of sign-up and subscription. With Turnstile keys: the widget's token must verify with Cloudflare.
 * Always: the honeypot field must be empty (people never see it). Without keys the rate limits stand in.
 */
export async function assertHuman(input: { website?: string; botToken?: string }, clientIp: string): Promise<void> {
  if (input.website) throw new ApiError(400, 'bot_suspected', 'Your request could not be processed. Please try again.');
  if (!botCheckEnabled()) return;
  const failed = new ApiError(400, 'bot_check_failed', 'Please complete the check that you are not a robot, then try again.', { botToken: 'Please complete the check.' });
  if (!input.botToken) throw failed;
  const form = new URLSearchParams({ secret: env().TURNSTILE_SECRET_KEY ?? '', response: input.botToken });
  if (clientIp !== 'unknown') form.set('remoteip', clientIp);
  let answer: unknown;
  try {
    const response = await fetch(TURNSTILE_VERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
    answer = await response.json();
  } catch (error) {
    console.error('[bot-check] verification failed', error);
    throw new ApiError(503, 'bot_check_unavailable', 'We could not check your request just now. Please try again in a moment.');
  }
  const parsed = verifyAnswer.safeParse(answer);
  if (!parsed.success || !parsed.data.success) throw failed;
}
