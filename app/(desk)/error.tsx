'use client';

// A desk page that fails to render: the message inside the group's frame.
export { PageError as default } from '@/components/layout/PageError';
