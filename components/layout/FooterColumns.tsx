import Link from 'next/link';
import { FOOTER_COLUMNS } from './footer-nav';

/** The footer's columns of links (the client Footer and the 404 document's server-drawn frame). */
export function FooterColumns() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
      {FOOTER_COLUMNS.map((column) => (
        <nav key={column.heading} aria-label={`${column.heading} links`}>
          <h2 className="text-sm font-bold uppercase tracking-wide">{column.heading}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {column.links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} prefetch={false} className="foot-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}
