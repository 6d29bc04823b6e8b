import { Field, FormMessage } from '@/components/account/Field';
import type { FlashState } from '@/lib/forms/flash';
import { formatPhone } from '@/lib/desk/phone';
import { editCustomerAction } from './customer-actions';
import { SubmitButton } from './SubmitButton';

interface Props {
  customer: { id: string; name: string; email: string | null; phone: string | null; walkIn: boolean };
  /** The flash of a refused save: the fields' messages and what was typed. */
  answer?: FlashState;
}

/**
 * The desk's correction of a customer's name, e-mail and phone: a server action's form inside a disclosure (both work
 * without scripts), open again with the messages when the server refused it.
 */
export function CustomerContactForm({ customer, answer }: Props) {
  const refused = answer?.outcome === 'error';
  const values = refused ? answer.values : { name: customer.name, email: customer.email ?? '', phone: customer.phone ? formatPhone(customer.phone) : '' };
  const fields = refused ? answer.fields : {};
  return (
    <details open={refused} className="rounded-xl border border-stone-200 p-4">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">Correct name, e-mail or phone</summary>
      <form action={editCustomerAction} aria-label="Contact details" className="mt-3 flex flex-col gap-4">
        <input type="hidden" name="customerId" value={customer.id} />
        <FormMessage message={refused ? answer.message : undefined} />
        <p className="text-sm text-gray-800">
          {customer.walkIn
            ? 'A walk-in, booked by name only: with an e-mail address or a phone number they become a customer we can reach.'
            : 'Keep an e-mail address or a phone number. A new address is mailed to the old one and to the new one.'}
        </p>
        <Field name="name" id="edit-name" label="Name" autoComplete="off" required maxLength={100} defaultValue={values.name} error={fields.name} />
        <Field name="email" id="edit-email" label="E-mail" type="email" autoComplete="off" defaultValue={values.email} error={fields.email} />
        <Field name="phone" id="edit-phone" label="Phone" type="tel" autoComplete="off" defaultValue={values.phone} error={fields.phone} />
        <SubmitButton className="min-h-11 self-start rounded-full bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800">
          Save details
        </SubmitButton>
      </form>
    </details>
  );
}
