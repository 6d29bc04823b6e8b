import Link from '@/components/ui/AppLink';
import { MAIN_LINKS } from './site-nav';

/** The main links of the header (the page frame and the 404 document's server-drawn frame). No hooks: either side. */
export function MainLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="main-links">
        {MAIN_LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
