'use client';

import type { AnchorHTMLAttributes, AriaAttributes, Ref } from 'react';
import { linkClickTarget } from './navigation-target';
import { useHydrated } from './use-hydrated';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role' | 'onClick' | 'onKeyDown'> & {
  /** A page that does the control's job without scripts. */
  href: string;
  /** What a press does once the scripts run, instead of following the link. */
  onPress: () => void;
  /** A button's states that a link must not claim (expanded, opens a dialog, busy): set from hydration on. */
  buttonAria?: AriaAttributes;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A control that works before the page's scripts arrive: until hydration a link to a page that does its job (a tap
 * follows it, as any link's), from hydration on a button whose press runs onPress and does not follow the link. One
 * element throughout, so a control focused while the scripts load keeps the focus. A press either follows the link
 * (no handler yet) or runs onPress (the handler prevents the link), never both; a press for a new tab is the link's.
 */
export function LinkUntilHydrated({ href, onPress, buttonAria, ref, children, ...rest }: Props) {
  const hydrated = useHydrated();
  return (
    <a
      ref={ref}
      href={href}
      {...rest}
      {...(hydrated ? { role: 'button', ...buttonAria } : {})}
      onClick={(event) => {
        if (!linkClickTarget(event.nativeEvent, new URL(window.location.href))) return;
        event.preventDefault();
        onPress();
      }}
      onKeyDown={(event) => {
        // A button answers Space as it answers Enter (which a link's click already brings); a link would scroll.
        if (event.key !== ' ') return;
        event.preventDefault();
        if (!event.repeat) onPress();
      }}
    >
      {children}
    </a>
  );
}
