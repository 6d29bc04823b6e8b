'use server';

import { notFound, redirect, RedirectType } from 'next/navigation';
import { backend } from '@/lib/backend';
import { endSubscription, UNSUBSCRIBE_PAGE } from '@/lib/marketing/subscriptions';

/** The unsubscribe page's button: ends the subscription its token names, then shows the answer (303). */
export async function unsubscribeAction(data: FormData): Promise<void> {
  if (!backend().can.mail) notFound();
  const token = data.get('token');
  const done = await endSubscription(typeof token === 'string' ? token : '');
  redirect(`${UNSUBSCRIBE_PAGE}?result=${done ? 'done' : 'invalid'}`, RedirectType.replace);
}
