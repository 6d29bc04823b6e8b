import { personalState } from '@/lib/persistence/personal-state';
import { savedStateMarks, savedStateNoScriptCss } from '@/lib/persistence/first-paint';
import type { SavedStateMarks } from '@/lib/persistence/saved-state-marks';

/** The header's saved-state marks as CSS for a page rendered per request, for browsers without scripts. */
export async function NoScriptSavedState() {
  return <NoScriptMarks marks={savedStateMarks(await personalState())} />;
}

/** Given marks as that CSS (the desk's layout computes its own, greeting the session's account). */
export function NoScriptMarks({ marks }: { marks: SavedStateMarks }) {
  return (
    <noscript>
      {/* Raw CSS: savedStateNoScriptCss escapes the only visitor text in it, the name, as a CSS string. */}
      <style dangerouslySetInnerHTML={{ __html: savedStateNoScriptCss(marks) }} />
    </noscript>
  );
}
