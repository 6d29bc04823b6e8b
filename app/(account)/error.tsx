'use client';

// A page of this group that fails to render: the message inside the group's frame. Next.js draws it in the browser
// only (React does not run error boundaries on the server); the group's pages that wait on data say in their
// <noscript> what to do without scripts.
export { LazyPageError as default } from '@/components/layout/LazyPageError';
