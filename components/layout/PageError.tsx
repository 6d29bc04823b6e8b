'use client';

import Link from '@/components/ui/AppLink';
import { PageErrorContent, homeLinkClass, type PageErrorContentProps } from './PageErrorContent';

export type PageErrorProps = Omit<PageErrorContentProps, 'homeLink'>;

/** What a page shows, inside its frame, when rendering it failed (the error.tsx of each route group). */
export function PageError(props: PageErrorProps) {
  return (
    <PageErrorContent
      {...props}
      homeLink={
        <Link href="/" className={homeLinkClass}>
          Back to the home page
        </Link>
      }
    />
  );
}
