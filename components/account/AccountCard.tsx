import type { ReactNode } from 'react';

/**
 * The frame of every account page: a narrow card with the page's one heading. `headingId` lets a redirect name the
 * heading as its fragment (the browser would otherwise keep the fragment of the page the form was posted from).
 */
export function AccountCard({ title, intro, headingId, children }: { title: string; intro?: ReactNode; headingId?: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12">
      <h1 id={headingId} className="scroll-mt-18 text-3xl font-bold">
        {title}
      </h1>
      {intro ? <div className="text-lg">{intro}</div> : null}
      {children}
    </section>
  );
}
