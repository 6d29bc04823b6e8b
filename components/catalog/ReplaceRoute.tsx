'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** Replaces the current URL once mounted (the bare tab's men's menu lives at its own prerendered URL). */
export function ReplaceRoute({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    router.replace(href);
  }, [router, href]);
  return null;
}
