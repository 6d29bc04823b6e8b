import Link from '@/components/ui/AppLink';
import { DESK_SECTIONS, OWNER_SECTIONS } from './desk-sections';

/** The front desk's own navigation under the site header: plain links, usable on a tablet and a phone. */
export function DeskNav({ owner }: { owner: boolean }) {
  const sections = owner ? [...DESK_SECTIONS, ...OWNER_SECTIONS] : DESK_SECTIONS;
  return (
    <nav aria-label="Front desk" className="border-b border-stone-200 bg-stone-50">
      {/* One row that scrolls sideways inside itself on a phone, so the day's grid starts in the first screen. */}
      <ul className="mx-auto flex max-w-7xl gap-x-1 overflow-x-auto px-2 text-sm font-semibold whitespace-nowrap sm:flex-wrap">
        {sections.map((section) => (
          <li key={section.href}>
            <Link href={section.href} prefetch={false} className="inline-block rounded px-3 py-2.5 text-brand-800 hover:underline">
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
