import { formatInstantInNewYork } from '@/lib/booking/dates';
import { SITE_NAME } from '@/lib/catalog/tables';
import { composeMail, mailSignature, type MailMessage } from '@/lib/mail';

export interface ChooseAnotherTimeInput {
  to: string;
  name: string;
  location: number;
  appointmentId: string;
  /** UTC ISO start of the visit. */
  start: string;
  services: readonly string[];
  therapistName: string;
  siteUrl: string;
}

/** The customer's own change page of one visit: their account's list, at that visit (its Reschedule keeps the services). */
export const changePageUrl = (siteUrl: string, appointmentId: string) => `${siteUrl}/account/#appointment-${appointmentId}`;

/**
 * The desk's mail when a therapist cannot see a customer (a sick day): the visit stays booked with its services until
 * the customer chooses another time on their own change page, which lets them move it even inside the online cut-off
 * (the salon asked: lib/booking/appointment-events.ts, visitsTheSalonAskedToMove), or they call.
 */
export function chooseAnotherTimeMail(input: ChooseAnotherTimeInput): MailMessage {
  const phone = mailSignature(input.location).phone;
  return composeMail({
    to: input.to,
    subject: `Please choose another time for your ${SITE_NAME} appointment`,
    greeting: `Hi ${input.name},`,
    blocks: [
      `We are sorry: ${input.therapistName} cannot see you at the time you booked. Your appointment is kept until you choose another time:`,
      { list: [`${formatInstantInNewYork(input.start)}: ${input.services.join(', ')}`] },
      'Choose another time for the same services on your appointment page (or another therapist at the same time, if one is free), or cancel it at no charge:',
      { link: { label: 'Choose another time', url: changePageUrl(input.siteUrl, input.appointmentId) } },
      `Questions? Call us at ${phone}.`,
    ],
    location: input.location,
    siteUrl: input.siteUrl,
  });
}
