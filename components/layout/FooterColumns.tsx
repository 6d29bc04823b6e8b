import { FrameLink, type LinkMode } from './FrameLink';
import { FOOTER_COLUMNS } from './footer-nav';

/** The footer's columns of links (the client Footer and the 404 document's server-drawn frame). */
export function FooterColumns({ links = 'app' }: { links?: LinkMode }) {
  return (
    <div className="foot-cols">
      {FOOTER_COLUMNS.map((column) => (
        <nav key={column.heading} aria-label={`${column.heading} links`}>
          <h2>{column.heading}</h2>
          <ul>
            {column.links.map((link) => (
              <li key={link.href}>
                <FrameLink mode={links} href={link.href} prefetch={false} className="foot-link">
                  {link.label}
                </FrameLink>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}
