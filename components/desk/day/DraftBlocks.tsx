'use client';

import { useDeskDay } from '@/stores/desk-day';

/** The booking being made, drawn in its therapists' columns before BOOK (stores/desk-day.ts's draft). */
export function DraftBlocks({ therapistId, startMinute, px }: { therapistId: number; startMinute: number; px: number }) {
  const draft = useDeskDay((s) => s.draft);
  return draft
    .filter((block) => block.therapistId === therapistId)
    .map((block) => (
      <div
        key={`${block.startMinute}-${block.label}`}
        data-draft-block
        className="pointer-events-none absolute inset-x-1 z-20 overflow-hidden rounded border-2 border-dashed border-brand-700 bg-brand-50/90 px-1.5 py-0.5 text-xs font-semibold leading-tight text-brand-900"
        style={{ top: (block.startMinute - startMinute) * px + 1, height: Math.max((block.endMinute - block.startMinute) * px - 2, 28) }}
      >
        {block.label}
      </div>
    ));
}
