import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import Link from '@/components/ui/AppLink';
import { Answer, NewPackageForm, RetireServicePanel, ServiceEditForm } from '@/components/desk/menu/MenuForms';
import { genderWord, ListBox, OfferLine, Section } from '@/components/desk/menu/MenuParts';
import { PhotoForm } from '@/components/desk/PhotoField';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { readPhotoFieldAnswer } from '@/lib/photos/form';
import { getDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { MENU_FORMS, MENU_PATH, menuServicePath } from '@/lib/menu/paths';
import { readMenuRows, retirementImpact } from '@/lib/menu/services';
import { findOffers, serviceView } from '@/lib/menu/views';
import { isGuid } from '@/lib/validation';

export const metadata: Metadata = { title: 'Edit a service · Owner' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * One service for the owner: its name, description, price, duration and where it books online; its packages (and a
 * new one) and the bundles holding it; retiring it, after a page that says what that does (?retire=1).
 */
export default async function MenuServicePage({ params, searchParams }: Props) {
  const { id: raw } = await params;
  await requireOwnerPage(isGuid(raw) ? menuServicePath(raw) : MENU_PATH);
  if (!isGuid(raw)) notFound();
  const id = raw.toLowerCase();
  const query = await searchParams;
  const db = await getDb();
  const rows = await readMenuRows(db);
  const row = rows.services.find((service) => service.id === id);
  if (!row) notFound();
  const service = serviceView(row);
  const offers = findOffers(rows, { status: 'live', serviceId: id });
  const packages = offers.filter((offer) => offer.kind === 'package');
  const bundles = offers.filter((offer) => offer.kind === 'bundle');
  const [answer, newPackage] = await Promise.all([readFormFlash(MENU_FORMS.service, query.form), readFormFlash(MENU_FORMS.newPackage, query.form)]);
  const photoTarget = { kind: 'service', id } as const;
  const photoAnswer = await readPhotoFieldAnswer(photoTarget, query.form);
  const confirming = query.retire === '1' && !service.retired;
  const impact = confirming ? await retirementImpact(db, id) : undefined;
  const finder = `${MENU_PATH}?gender=${service.gender === 0 ? 'women' : 'men'}&tab=${service.tab}`;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6">
      <div>
        <p className="text-sm">
          <Link href={finder} prefetch={false} className="font-semibold text-brand-800 underline">
            Menu
          </Link>{' '}
          › {genderWord(service.gender)} · {service.tabLabel}
        </p>
        <h1 className="mt-1 text-2xl font-bold">{service.name}</h1>
        <p className="mt-1 text-sm text-gray-800">
          {service.typeLabel} · code {service.sku} ·{' '}
          {service.retired ? (
            'retired'
          ) : (
            <a href={service.href} className="font-semibold text-brand-800 underline">
              its page
            </a>
          )}
        </p>
      </div>

      {service.retired ? (
        <div className="flex flex-col gap-3">
          <Answer answer={answer} />
          <p className="rounded border border-stone-300 bg-stone-50 p-3">
            {service.name} is retired: it is off the menus and cannot be booked. Booked visits keep it, and its name, address and code stay with it.
          </p>
        </div>
      ) : (
        <ServiceEditForm service={service} offers={offers} answer={answer} />
      )}

      {service.retired ? null : (
        <Section id="photo" title="Photo">
          <PhotoForm label={`Photo of ${service.name}`} photoId={catalogSnapshot().photos.get(id) ?? null} target={photoTarget} returnTo={menuServicePath(id)} answer={photoAnswer} />
        </Section>
      )}

      <Section id="packages" title="Packages">
        {packages.length === 0 ? (
          <p className="mt-2">{service.name} has no package on sale.</p>
        ) : (
          <ListBox label={`Packages of ${service.name}`}>
            {packages.map((offer) => (
              <OfferLine key={offer.id} offer={offer} />
            ))}
          </ListBox>
        )}
        {service.retired ? null : (
          <div className="mt-4">
            <NewPackageForm service={service} answer={newPackage} />
          </div>
        )}
      </Section>

      <Section id="in-bundles" title="In bundles">
        {bundles.length === 0 ? (
          <p className="mt-2">No bundle holds {service.name}.</p>
        ) : (
          <ListBox label={`Bundles holding ${service.name}`}>
            {bundles.map((offer) => (
              <OfferLine key={offer.id} offer={offer} />
            ))}
          </ListBox>
        )}
      </Section>

      {service.retired ? null : (
        <Section id="retire" title="Retire">
          <p className="mt-1">Take {service.name} off the menu for good. Booked visits keep it.</p>
          {impact ? (
            <RetireServicePanel service={service} impact={impact} menuHref={menuServicePath(id)} />
          ) : (
            <a href={`${menuServicePath(id)}?retire=1#retire`} className="mt-2 inline-block font-semibold text-red-800 underline">
              Retire {service.name}…
            </a>
          )}
        </Section>
      )}
    </div>
  );
}
