import { handleMailCron } from '@/lib/mail/cron';

/** One round of the mail worker for a host's scheduler (vercel.json), behind CRON_SECRET (lib/mail/cron.ts). */
export function GET(request: Request): Promise<Response> {
  return handleMailCron(request);
}
