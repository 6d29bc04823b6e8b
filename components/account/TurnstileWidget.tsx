'use client';

import Script from 'next/script';

/**
 * Cloudflare Turnstile, rendered implicitly: the script fills the hidden input 'cf-turnstile-response' inside the
 * surrounding form, which the form sends as botToken. Shown only when the site has Turnstile keys.
 */
export function TurnstileWidget({ siteKey }: { siteKey: string }) {
  return (
    <>
      <Script src="https://challenges.cloudflare.com/turnstile/v0/api.js" strategy="afterInteractive" />
      <div className="cf-turnstile" data-sitekey={siteKey} data-theme="light" />
    </>
  );
}
