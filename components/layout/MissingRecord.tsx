import Link from '@/components/ui/AppLink';

interface MissingRecordProps {
  /** The page's heading: 'We couldn’t find that booking'. */
  heading: string;
  /** What is missing and why it may be: one or two sentences. */
  children: string;
  links: readonly [{ href: string; label: string }, { href: string; label: string }];
}

/**
 * The 404 page's body in place, for a record a per-request page looks up (a booking, a customer, a visit): with Cache
 * Components, `notFound()` found while such a page renders leaves the server HTML empty and answers 200 (Next.js
 * 16.4, vercel/next.js#98518), so the page says it itself, whole in the server HTML, with two ways on.
 */
export function MissingRecord({ heading, children, links }: MissingRecordProps) {
  return (
    <div className="not-found">
      <h1>{heading}</h1>
      <p>{children}</p>
      <div>
        <Link href={links[0].href} className="btn-solid">
          {links[0].label}
        </Link>
        <Link href={links[1].href} className="btn-line">
          {links[1].label}
        </Link>
      </div>
    </div>
  );
}
