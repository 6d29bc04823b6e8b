import type { ReactNode } from 'react';

/** The frame of every account page: a narrow card with the page's one heading. */
export function AccountCard({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      {intro ? <div className="text-lg">{intro}</div> : null}
      {children}
    </section>
  );
}
