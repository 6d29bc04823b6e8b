'use client';

import { lazy, Suspense, useId } from 'react';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { useTypedText } from '@/components/ui/use-typed-text';
import type { DeskServiceMatchesProps } from './DeskServiceMatches';

const DeskServiceMatches = lazy(() => import('./DeskServiceMatches').then((module) => ({ default: module.DeskServiceMatches })));

/**
 * The desk's way to fill the cart while booking for a customer (back-office mode): a search over the catalogue's
 * services, each with an Add button. The cart is the same cookie store a visitor's menu fills. The field hydrates
 * with the page, so what the desk types while the scripts load is kept (a lazy boundary around it was rendered anew
 * when the page became ready, and the typing was lost); the matching and the list load once something is typed.
 */
export function DeskServicePicker(props: Omit<DeskServiceMatchesProps, 'text'>) {
  const [text, setText, field] = useTypedText('');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2 rounded-xl border border-stone-300 bg-stone-50 p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Add a service
      </h2>
      <label htmlFor={`${id}-q`} className="text-sm font-semibold">
        Service name (e.g. “brazilian”, “men brows”)
      </label>
      <input
        ref={field}
        id={`${id}-q`}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        maxLength={100}
        className="w-full rounded border border-gray-500 px-3 py-2"
      />
      {text.trim() ? (
        <Suspense fallback={<LoadingStatus className="text-sm text-gray-700">Finding services…</LoadingStatus>}>
          <DeskServiceMatches text={text} {...props} />
        </Suspense>
      ) : null}
    </section>
  );
}
