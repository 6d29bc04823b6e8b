'use client';

import { useEffect, useState } from 'react';

/**
 * On a phone, once every service has its time, the visit's summary and BOOK can be a screen or more below the time
 * just tapped. A bar at the bottom leads to the next step (the summary and BOOK, or for a visitor the sign-in below
 * the summary) until it is in view or passed.
 */
export function BookingNextStepBar({ show, targetId, label }: { show: boolean; targetId: string; label: string }) {
  // Hidden until the observer has said where the summary is, so the bar never flashes over it.
  const [targetReached, setTargetReached] = useState(true);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!show || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setTargetReached(entry.isIntersecting || entry.boundingClientRect.top < 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [show, targetId]);
  if (!show || targetReached) return null;
  return (
    <aside aria-label="Next step" className="step-bar">
      <div>
        <a href={`#${targetId}`} className="bar-book flex-1 justify-center">
          {label}
        </a>
      </div>
    </aside>
  );
}
