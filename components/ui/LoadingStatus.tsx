import type { ReactNode } from 'react';

/**
 * Only a script ends a loading line (it fetches, or reveals a part the server streamed later). With scripts off the
 * document's <noscript> style (SiteDocument) hides every element marked `data-needs-script`, so nobody waits on one
 * for ever; the page's NoScriptNotice says what to do instead. The controls that only a script works hide too, so
 * nothing is there to tap in vain: the header's buttons (the phone menu's place takes a link to the site map), Add,
 * the favourite hearts and Back to top. Buy stays: it is a form the browser posts (components/shop/BuyButton.tsx).
 */
export const SCRIPTS_OFF_STYLE = '[data-needs-script],.site-head button,.btn-add,.btn-fav,.svc-acts,.to-top{display:none!important}';

/** 'Loading …' while a script or a streamed part finishes; hidden when scripts cannot run. */
export function LoadingStatus({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={className} data-needs-script="">
      {children}
    </p>
  );
}
