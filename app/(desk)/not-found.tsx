// notFound() in this group's pages (a customer on a desk page): the group's layout already gives the frame.
export { NotFoundContent as default, notFoundMetadata as metadata } from '@/components/layout/NotFoundContent';
