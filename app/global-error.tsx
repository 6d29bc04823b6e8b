'use client';

import { useEffect, useState } from 'react';
import type { GlobalErrorBody } from '@/components/layout/GlobalErrorBody';
import './globals.css';

type Props = { error: Error & { digest?: string }; retry: () => void };

/**
 * When the root layout itself fails, this replaces the whole document, without the stores or the frame (they may be
 * what failed). Next.js loads it with every page, so its title and message load when it is needed (GlobalErrorBody).
 * If that load fails too (the network may be what broke the page), a line of text and a link that reloads the page.
 */
export default function GlobalError({ error, retry }: Props) {
  // The message once loaded, or the page's own address to reload when the load failed.
  const [body, setBody] = useState<{ Body: typeof GlobalErrorBody } | string>();
  useEffect(() => {
    let current = true;
    import('@/components/layout/GlobalErrorBody').then(
      ({ GlobalErrorBody: Body }) => current && setBody({ Body }),
      (loadError: unknown) => {
        console.error(error);
        console.error('Could not load the error page', loadError);
        if (current) setBody(window.location.href);
      },
    );
    return () => {
      current = false;
    };
  }, [error]);
  return (
    <html lang="en">
      <body>
        {typeof body === 'string' ? (
          <>
            <title>Something went wrong</title>
            <p role="alert" className="p-6 text-lg">
              Something went wrong.{' '}
              <a href={body} className="font-semibold text-brand-700 underline">
                Reload the page
              </a>
            </p>
          </>
        ) : body ? (
          <body.Body error={error} retry={retry} />
        ) : null}
      </body>
    </html>
  );
}
