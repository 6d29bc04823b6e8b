import type { Metadata } from 'next';
import { bundleOptions, NewBundleForm, NewServiceForm } from '@/components/desk/menu/MenuForms';
import { ListBox, MENU_TABS, OfferLine, Section, ServiceLine, secondaryButton } from '@/components/desk/menu/MenuParts';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { SERVICE_TYPES } from '@/lib/catalog/data';
import { tabIdForFlag } from '@/lib/catalog/tables';
import { getDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { MENU_FORMS, MENU_PATH } from '@/lib/menu/paths';
import { serviceQuerySchema, type ServiceQuery } from '@/lib/menu/schemas';
import { readMenuRows } from '@/lib/menu/services';
import { findOffers, findServices } from '@/lib/menu/views';

export const metadata: Metadata = { title: 'Menu · Owner' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The finder's choices from the address; with none, the women's waxing menu (the first tab). */
function finderQuery(params: Record<string, string | string[] | undefined>): { query: ServiceQuery; problem?: string } {
  const raw = { q: one(params.q), gender: one(params.gender), tab: one(params.tab), status: one(params.status) };
  if (Object.values(raw).every((value) => value === undefined)) return { query: { gender: 'women', tab: 'wax', status: 'live' } };
  const parsed = serviceQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data };
  return { query: { gender: 'women', tab: 'wax', status: 'live' }, problem: parsed.error.issues[0]?.message };
}

/**
 * The owner's menu: find any service by words, gender and tab, open one to edit it; add a service to a tab; the
 * bundles of the same choice, and a new bundle. Every form posts without scripts (components/desk/menu-actions.ts).
 */
export default async function MenuPage({ searchParams }: Props) {
  await requireOwnerPage(MENU_PATH);
  const params = await searchParams;
  const { query, problem } = finderQuery(params);
  const [rows, newService, newBundle] = await Promise.all([readMenuRows(await getDb()), readFormFlash(MENU_FORMS.newService, params.form), readFormFlash(MENU_FORMS.newBundle, params.form)]);
  const services = findServices(rows, query);
  const bundles = findOffers(rows, { ...query, kind: 'bundle' });
  const gender = query.gender === 'men' ? 1 : 0;
  const allServices = findServices(rows, { status: 'live' });
  const firstType = SERVICE_TYPES.find((type) => type.gen === gender && (query.tab === undefined || MENU_TABS[tabIdForFlag(type.id)]?.name === query.tab));
  const back = `${MENU_PATH}?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')).toString()}`;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold">Menu</h1>
        <p className="mt-1 text-stone-700">
          Services, packages and bundles as customers see them. A change shows on the site at once and applies to new bookings; booked visits keep the price they were booked at.
        </p>
      </div>

      <Section id="find" title="Find a service">
        <form method="get" action={MENU_PATH} role="search" aria-label="Find a service" className="mt-2 flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="find-q" className="font-semibold">
              Name or code
            </label>
            <input id="find-q" type="search" name="q" defaultValue={query.q ?? ''} maxLength={60} className="w-56 max-w-full rounded border border-gray-500 px-3 py-2" />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="find-gender" className="font-semibold">
              For
            </label>
            <select id="find-gender" name="gender" defaultValue={query.gender ?? ''} className="rounded border border-gray-500 bg-white px-3 py-2">
              <option value="">Women and men</option>
              <option value="women">Women</option>
              <option value="men">Men</option>
            </select>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="find-tab" className="font-semibold">
              Tab
            </label>
            <select id="find-tab" name="tab" defaultValue={query.tab ?? ''} className="min-w-0 max-w-full rounded border border-gray-500 bg-white px-3 py-2">
              <option value="">Every tab</option>
              {MENU_TABS.map((tab) => (
                <option key={tab.name} value={tab.name}>
                  {tab.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="find-status" className="font-semibold">
              Showing
            </label>
            <select id="find-status" name="status" defaultValue={query.status} className="rounded border border-gray-500 bg-white px-3 py-2">
              <option value="live">On the menu</option>
              <option value="retired">Retired</option>
              <option value="all">Both</option>
            </select>
          </div>
          <button type="submit" className={secondaryButton}>
            Find
          </button>
        </form>
        {problem ? (
          <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
            {problem}
          </p>
        ) : null}
        <p className="mt-3" role="status">
          {services.length === 0 ? 'No service matches.' : `${services.length} service${services.length === 1 ? '' : 's'}.`}
        </p>
        {services.length > 0 ? (
          <ListBox label="Services found">
            {services.map((service) => (
              <ServiceLine key={service.id} service={service} />
            ))}
          </ListBox>
        ) : null}
      </Section>

      <NewServiceForm answer={newService} defaultType={firstType ? `${gender}:${firstType.id}` : '0:1'} back={back} />

      <Section id="bundles" title="Bundles">
        <p className="mt-1 text-sm text-gray-800">Bundles of the services found above. A service&rsquo;s packages are on its own page.</p>
        {bundles.length === 0 ? (
          <p className="mt-2">No bundle holds these services.</p>
        ) : (
          <ListBox label="Bundles found">
            {bundles.map((offer) => (
              <OfferLine key={offer.id} offer={offer} />
            ))}
          </ListBox>
        )}
      </Section>

      <NewBundleForm gender={gender} options={bundleOptions(allServices, gender)} answer={newBundle} />
    </div>
  );
}
