import { HeaderActionsClient, SIGNED_OUT_HEADER } from '@/components/ui/HeaderActionsClient';

/**
 * The header's cart, booking and favourites icons with badges, and the profile menu. The header is part of every
 * prerendered page, so it reads no cookies on the server: one cookie-reading hole made Next.js render each catalogue
 * page per request (52 requests/s instead of the prerendered file's ~1,200, see docs/decisions.md). The badges fill
 * from the cookies right after hydration; pages rendered per request fill them before their first paint.
 */
export function HeaderActions() {
  return <HeaderActionsClient server={SIGNED_OUT_HEADER} />;
}
