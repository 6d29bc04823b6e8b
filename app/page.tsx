import Link from 'next/link';
import { AREAS, TABS, FAVORITES_TAB_ID } from '@/lib/catalog/tables';
import { segmentForTab } from '@/lib/catalog/routes';
import { servicesFor } from '@/lib/catalog/catalog';
import { SITE_NAME } from '@/lib/site';

export default function HomePage() {
  const tabs = TABS.filter((tab) => tab.id !== FAVORITES_TAB_ID);
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{SITE_NAME}</h1>
      <p className="mt-2 text-lg">{Object.values(AREAS).join(' · ')}</p>
      <section aria-labelledby="menu-heading" className="mt-8">
        <h2 id="menu-heading" className="text-2xl font-semibold">Service menu</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {tabs.map((tab) => (
            <li key={tab.id} className="rounded-lg border border-brand-100 p-4">
              <h3 className="font-semibold">{tab.label}</h3>
              <p className="mt-1 text-sm">
                <Link className="text-brand-700 underline" href={`/services/${segmentForTab(tab.id, 0)}/`}>
                  Women ({servicesFor({ gender: 0, tabId: tab.id }).length} services)
                </Link>
                {' · '}
                <Link className="text-brand-700 underline" href={`/services/${segmentForTab(tab.id, 1)}/`}>
                  Men ({servicesFor({ gender: 1, tabId: tab.id }).length} services)
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
