import 'server-only';
import { after } from 'next/server';

/**
 * Runs `task` once the answer has gone out, so that a slow or unreachable mail server never holds up a booking
 * that is already saved. Outside a request (scripts, handler tests) Next.js has nowhere to defer to and `after`
 * throws at once; the task then runs before returning.
 */
export async function afterAnswer(task: () => Promise<void>): Promise<void> {
  let deferred = false;
  try {
    after(task);
    deferred = true;
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('outside a request scope')) throw error;
  }
  if (!deferred) await task();
}
