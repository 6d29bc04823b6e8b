import { CHANGED_MEANWHILE } from '@/lib/api/stale-copy';
import type { FlashState } from '@/lib/forms/flash';

/**
 * After a save refused because the record changed meanwhile, the form keeps what was typed and the copy's old stamp,
 * so saving again is refused again; a reload of the answer's address shows the same answer for a minute. This plain
 * link opens the record as saved now, with or without scripts.
 */
export function ReopenLink({ answer, href, name }: { answer?: FlashState; href: string; name: string }) {
  if (answer?.outcome !== 'error' || answer.code !== CHANGED_MEANWHILE) return null;
  return (
    <p>
      <a href={href} className="font-semibold text-brand-800 underline">
        Open {name} as saved now
      </a>
    </p>
  );
}
