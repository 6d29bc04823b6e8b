/** Placeholder until the client-state stores land: the 'Add to booking' and favourite buttons, inert. */
export function ServiceActions({ serviceId, serviceName }: { serviceId: string; serviceName: string }) {
  return (
    <div className="flex gap-2" data-service-id={serviceId}>
      <button type="button" className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
        Add to booking<span className="sr-only">: {serviceName}</span>
      </button>
      <button type="button" aria-pressed={false} className="rounded-full border border-brand-700 px-3 py-2 text-sm text-brand-700">
        Favourite<span className="sr-only">: {serviceName}</span>
      </button>
    </div>
  );
}
