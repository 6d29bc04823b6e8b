import { timeGoneMessage } from './messages';

/** Said where a chosen time was dropped because the latest free times no longer list it (the time, when known). */
export function TimeGoneNotice({ time, className = '' }: { time?: string; className?: string }) {
  return (
    <p role="status" className={`rounded-lg bg-amber-50 p-2 text-sm font-semibold text-stone-900 ${className}`}>
      {timeGoneMessage(time)}
    </p>
  );
}
