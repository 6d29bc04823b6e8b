/** Placeholder until the subscription form lands: the 'Receive Offers' form, inert. */
export function SubscribeForm() {
  return (
    <form className="flex flex-col gap-2 sm:flex-row" aria-label="Receive Offers">
      <label htmlFor="subscribe-email" className="sr-only">
        Email
      </label>
      <input id="subscribe-email" name="email" type="email" required placeholder="{email}" className="rounded border px-3 py-2" />
      <button type="submit" className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white">
        Subscribe
      </button>
    </form>
  );
}
