import Link from '@/components/ui/AppLink';
import { servicesFor } from '@/lib/catalog/catalog';
import { segmentForTab, servicesPath, specialsPath } from '@/lib/catalog/routes';
import { MENU_TABS } from '@/lib/content/catalog-pages';
import { SALON_LOCATIONS } from '@/lib/content/locations';
import { contentPagesOfKind, type ContentKind } from '@/lib/content/pages';

const SECTIONS: { kind: ContentKind; heading: string }[] = [
  { kind: 'info', heading: 'About the salon' },
  { kind: 'tips', heading: 'Tips' },
  { kind: 'how', heading: 'How treatments are done' },
  { kind: 'legal', heading: 'Policies' },
];

/** Every section of the site with its pages, generated from the catalogue and the content folder. */
export function SiteMapLinks() {
  return (
    <div className="mt-8 space-y-8 text-sm">
      <section aria-labelledby="sm-services">
        <h2 id="sm-services" className="text-xl font-bold">
          Services
        </h2>
        {MENU_TABS.map((tab) => (
          <div key={tab.id} className="mt-4">
            <h3 className="font-semibold">{tab.label}</h3>
            {([0, 1] as const).map((gender) => {
              const items = servicesFor({ gender, tabId: tab.id });
              if (items.length === 0) return null;
              return (
                <p key={gender} className="mt-1">
                  <Link href={servicesPath(segmentForTab(tab.id, gender))} className="font-semibold text-brand-700 underline">
                    {gender === 0 ? 'Women' : 'Men'}
                  </Link>
                  :{' '}
                  {items.map((item, index) => (
                    <span key={item.id}>
                      {index > 0 ? ', ' : ''}
                      <Link href={servicesPath(item.moniker)} prefetch={false} className="text-brand-700 underline">
                        {item.name}
                      </Link>
                    </span>
                  ))}
                </p>
              );
            })}
          </div>
        ))}
      </section>
      <section aria-labelledby="sm-specials">
        <h2 id="sm-specials" className="text-xl font-bold">
          Packages and specials
        </h2>
        <ul className="mt-2 flex flex-wrap gap-4">
          <li>
            <Link href={specialsPath(0)} className="text-brand-700 underline">
              Women&rsquo;s specials
            </Link>
          </li>
          <li>
            <Link href={specialsPath(1)} className="text-brand-700 underline">
              Men&rsquo;s specials
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="sm-locations">
        <h2 id="sm-locations" className="text-xl font-bold">
          Locations
        </h2>
        <ul className="mt-2 flex flex-wrap gap-4">
          {SALON_LOCATIONS.map((location) => (
            <li key={location.slug}>
              <Link href={`/${location.slug}/`} className="text-brand-700 underline">
                {location.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {SECTIONS.map((section) => (
        <section key={section.kind} aria-labelledby={`sm-${section.kind}`}>
          <h2 id={`sm-${section.kind}`} className="text-xl font-bold">
            {section.heading}
          </h2>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {contentPagesOfKind(section.kind).map((page) => (
              <li key={page.slug}>
                <Link href={`/${page.slug}/`} prefetch={false} className="text-brand-700 underline">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="sm-account">
        <h2 id="sm-account" className="text-xl font-bold">
          Your account
        </h2>
        <ul className="mt-2 flex flex-wrap gap-4">
          <li>
            <Link href="/signin/" className="text-brand-700 underline">
              Sign in
            </Link>
          </li>
          <li>
            <Link href="/signup/" className="text-brand-700 underline">
              Create an account
            </Link>
          </li>
          <li>
            <Link href="/services/favorites/" className="text-brand-700 underline">
              Your favourites
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
