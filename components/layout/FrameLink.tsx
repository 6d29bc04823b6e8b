import type { ReactNode } from 'react';
import Link from '@/components/ui/AppLink';

/**
 * How a frame's links go on: 'app' through the App Router (every page), 'document' as plain links that load the next
 * page whole. The 404 document (app/global-not-found.tsx) is a root of its own, and the App Router does not navigate
 * out of it: a click changed the address and left the 404 on screen (2026-12-01).
 */
export type LinkMode = 'app' | 'document';

export function FrameLink({ mode, href, prefetch, className, children }: { mode: LinkMode; href: string; prefetch?: boolean; className?: string; children: ReactNode }) {
  if (mode === 'document') {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} prefetch={prefetch} className={className}>
      {children}
    </Link>
  );
}
