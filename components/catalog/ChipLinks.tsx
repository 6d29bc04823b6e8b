'use client';

import Link from '@/components/ui/AppLink';
import { currentPage } from '@/components/ui/current-page';
import { CURRENT, NO_PREFETCH, type ChipLink } from './chip-link';

/**
 * A row of links drawn from tuples. The menu's tabs and locations are on every catalogue page; drawn in the server's
 * markup they came a second time in the page's payload as elements (about 130 bytes a link), and as a client
 * component's props each is a short tuple. `lead` is a first item that is not a link (a label).
 */
export function ChipLinks({ links, className, linkClassName, lead }: { links: readonly ChipLink[]; className: string; linkClassName: string; lead?: string }) {
  return (
    <ul className={className}>
      {lead ? <li className="self-center font-semibold">{lead}</li> : null}
      {links.map(([href, label, flags = 0]) => (
        <li key={href}>
          <Link href={href} {...currentPage((flags & CURRENT) !== 0)} {...((flags & NO_PREFETCH) !== 0 ? { prefetch: false } : {})} className={linkClassName}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
