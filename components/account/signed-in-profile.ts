import type { HandlerAnswer } from '@/lib/forms/call-handler';
import { profileFromAuthCookie } from '@/lib/persistence/auth';
import type { Profile } from './account-state';

/**
 * The signed-in profile a sign-in handler answered: its JSON, or in proxy mode the x-bnp-auth header the handler
 * checked. Shared by the account forms' server actions (a `'use server'` file may export only actions).
 */
export function profileOf(reply: HandlerAnswer): Profile | undefined {
  const body = reply.body as Partial<Record<'id' | 'name' | 'email', unknown>> | undefined;
  if (typeof body?.id === 'string') return { id: body.id, name: typeof body.name === 'string' ? body.name : '', email: typeof body.email === 'string' ? body.email : '' };
  const header = profileFromAuthCookie(reply.headers.get('x-bnp-auth') ?? undefined);
  return header ? { id: header.customerId, name: header.name, email: header.email } : undefined;
}
