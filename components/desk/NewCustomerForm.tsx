import Link from '@/components/ui/AppLink';
import { Field, FormMessage } from '@/components/account/Field';
import type { FlashState } from '@/lib/forms/flash';
import { backOfficeBookingPath, parseDeskSlot } from '@/lib/desk/book-slot';
import { customerPagePath } from '@/lib/desk/customer-schemas';
import { createCustomerAction } from './customer-actions';
import { SubmitButton } from './SubmitButton';

/**
 * A new customer at the desk: a name and an e-mail address or a phone number, no password. A server action's form:
 * it posts with or without scripts; errors come back through the flash cookie (`answer`).
 */
export function NewCustomerForm({ mode, slotQuery, answer }: { mode: 'customer' | 'book'; slotQuery: string; answer?: FlashState }) {
  const values = answer?.values ?? {};
  const fields = answer?.fields ?? {};
  const existing = values.existingId && values.existingName ? { id: values.existingId, name: values.existingName } : undefined;
  return (
    <form action={createCustomerAction} aria-labelledby="new-customer-heading" className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4">
      <h2 id="new-customer-heading" className="text-xl font-semibold">
        New customer
      </h2>
      <p className="text-sm text-gray-800">
        A name and an e-mail address or a phone number. No password: with an address they can set one later through “Forgot your password?”.
        Without one they get no mails.
      </p>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="slot" value={slotQuery} />
      <FormMessage message={answer?.outcome === 'error' ? answer.message : undefined} />
      {existing ? (
        <p className="rounded border border-amber-600 bg-amber-50 px-3 py-2">
          {existing.name} has this address.{' '}
          <Link
            href={mode === 'book' ? backOfficeBookingPath(existing.id, parseDeskSlot(new URLSearchParams(slotQuery))) : customerPagePath(existing.id)}
            prefetch={false}
            className="font-semibold text-brand-700 underline"
          >
            {mode === 'book' ? `Book for ${existing.name}` : `Open ${existing.name}`}
          </Link>
        </p>
      ) : null}
      <Field name="name" id="new-name" label="Name" autoComplete="off" required maxLength={100} defaultValue={values.name} error={fields.name} />
      <Field name="email" id="new-email" label="E-mail (optional with a phone)" type="email" autoComplete="off" defaultValue={values.email} error={fields.email} />
      <Field name="phone" id="new-phone" label="Phone (optional with an e-mail)" type="tel" autoComplete="off" defaultValue={values.phone} error={fields.phone} />
      <SubmitButton className="self-start rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
        {mode === 'book' ? 'Create and book' : 'Create customer'}
      </SubmitButton>
    </form>
  );
}
