import { FrameLink, type LinkMode } from './FrameLink';

/** The site's main links, shared by the header and the narrow-screen drawer (the footer's are in footer-nav.ts). */
export const MAIN_LINKS = [
  { href: '/services/', label: 'Services' },
  { href: '/specials/', label: 'Specials' },
  { href: '/locations/', label: 'Locations' },
] as const;

/** The main links of the header (the page frame and the 404 document's server-drawn frame). No hooks: either side. */
export function MainLinks({ className, links = 'app' }: { className?: string; links?: LinkMode }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="main-links">
        {MAIN_LINKS.map((link) => (
          <li key={link.href}>
            <FrameLink mode={links} href={link.href}>
              {link.label}
            </FrameLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
