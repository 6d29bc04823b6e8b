import type { Metadata } from 'next';
import type { LinkMode } from './FrameLink';
import { HomeAndServicesLinks } from './HomeAndServicesLinks';

// No robots entry: Next.js writes its own noindex into every 404 it renders, and a second tag said it twice.
export const notFoundMetadata: Metadata = {
  title: { absolute: 'Error 404 (Not Found)' },
};

/**
 * The body of every 404 page. Each route group has a not-found.tsx that renders it inside the group's own frame
 * (prerendered or with the cookies read); the root one adds a light frame for addresses no route matches, with
 * links that load the next page whole (FrameLink).
 */
export function NotFoundContent({ links = 'app' }: { links?: LinkMode }) {
  return (
    <div className="not-found">
      <h1>Error 404 (Not Found)</h1>
      <p>We couldn&rsquo;t find that page. It may have moved, or the address may be mistyped.</p>
      <HomeAndServicesLinks links={links} />
    </div>
  );
}
