// The root boundary, for a notFound() outside every route group (none today): each group has its own, inside its
// frame. Addresses no route matches get app/global-not-found.tsx. Next.js sends this one in every page's payload,
// so it stays small.
export { NotFoundContent as default, notFoundMetadata as metadata } from '@/components/layout/NotFoundContent';
