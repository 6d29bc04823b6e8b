import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';

/**
 * A controlled text field's state that keeps what was typed before hydration. React hydrates a controlled input
 * without reading it: text typed while the page's scripts were still loading stays on screen while the state keeps
 * the server's value, so a search showed no results until the next keystroke and a preview showed the old figure.
 * Once mounted, the field's own value becomes the state if it differs. Pass the ref to the input.
 */
export function useTypedText(initial: string): [string, Dispatch<SetStateAction<string>>, RefObject<HTMLInputElement | null>] {
  const [text, setText] = useState(initial);
  const field = useRef<HTMLInputElement>(null);
  const served = useRef(initial);
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== served.current) setText(typed);
  }, []);
  return [text, setText, field];
}
