/** Placeholder until the shop cart lands: the 'Buy' button, inert. */
export function BuyButton({ pvId, title }: { pvId: string; title: string }) {
  return (
    <button type="button" data-pv-id={pvId} className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
      Buy<span className="sr-only">: {title}</span>
    </button>
  );
}
