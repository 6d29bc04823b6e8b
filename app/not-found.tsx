import { NotFoundContent, notFoundMetadata } from '@/components/layout/NotFoundContent';
import { SiteFrame } from '@/components/layout/SiteFrame';

export const metadata = notFoundMetadata;

/** Addresses no route matches: only the root layout is above, so it brings its own frame. */
export default function NotFound() {
  return (
    <SiteFrame frame="not-found">
      <NotFoundContent />
    </SiteFrame>
  );
}
