import Link from '@/components/ui/AppLink';
import { FOOTER_COLUMNS } from './footer-nav';

/** The footer's columns of links (the client Footer and the 404 document's server-drawn frame). */
export function FooterColumns() {
  return (
    <div className="foot-cols">
      {FOOTER_COLUMNS.map((column) => (
        <nav key={column.heading} aria-label={`${column.heading} links`}>
          <h2>{column.heading}</h2>
          <ul>
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
