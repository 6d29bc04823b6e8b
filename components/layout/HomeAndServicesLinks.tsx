import Link from '@/components/ui/AppLink';

/** The two ways on from a page that ends a journey (a 404, a closed account): home, and the services. */
export function HomeAndServicesLinks({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Link href="/" className="btn-solid">
        Back to the home page
      </Link>
      <Link href="/services/" className="btn-line">
        See the services
      </Link>
    </div>
  );
}
