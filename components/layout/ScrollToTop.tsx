'use client';

/** Back to the top of the page; focus moves to the skip link so keyboard users start over too. */
export function ScrollToTop({ skipLinkId }: { skipLinkId: string }) {
  return (
    <button
      type="button"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        document.getElementById(skipLinkId)?.focus({ preventScroll: true });
      }}
      className="to-top"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
      Back to top
    </button>
  );
}
