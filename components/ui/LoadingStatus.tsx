import type { ReactNode } from 'react';

/**
 * Only a script ends a loading line (it fetches, or reveals a part the server streamed later). With scripts off the
 * document's <noscript> style (SiteDocument) hides every element marked `data-needs-script`, so nobody waits on one
 * for ever; the page's NoScriptNotice says what to do instead.
 */
export const SCRIPTS_OFF_STYLE = '[data-needs-script]{display:none!important}';

/** 'Loading …' while a script or a streamed part finishes; hidden when scripts cannot run. */
export function LoadingStatus({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={className} data-needs-script="">
      {children}
    </p>
  );
}
