import { connection } from 'next/server';
import { botCheckEnabled, env } from '@/lib/env';
import { TurnstileWidget } from './TurnstileWidget';

/** The bot-check widget when Turnstile keys are configured, read at request time (not frozen into the build). */
export async function BotCheckSlot() {
  await connection();
  const current = env();
  if (!botCheckEnabled(current) || !current.TURNSTILE_SITE_KEY) return null;
  return <TurnstileWidget siteKey={current.TURNSTILE_SITE_KEY} />;
}
