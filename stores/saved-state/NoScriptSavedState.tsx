import { personalState } from '@/lib/persistence/personal-state';
import { savedStateMarks, savedStateNoScriptCss } from '@/lib/persistence/first-paint';

/** The header's saved-state marks as CSS for a page rendered per request, for browsers without scripts. */
export async function NoScriptSavedState() {
  const css = savedStateNoScriptCss(savedStateMarks(await personalState()));
  return (
    <noscript>
      {/* Raw CSS: savedStateNoScriptCss escapes the only visitor text in it, the name, as a CSS string. */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
    </noscript>
  );
}
