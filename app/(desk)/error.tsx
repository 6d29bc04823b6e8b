'use client';

// A desk page that fails to render: the message inside the group's frame.
export { LazyPageError as default } from '@/components/layout/LazyPageError';
