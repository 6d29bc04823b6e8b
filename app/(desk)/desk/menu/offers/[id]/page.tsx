import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import Link from '@/components/ui/AppLink';
import { Answer, bundleOptions, OfferEditForm, RetireOfferPanel } from '@/components/desk/menu/MenuForms';
import { genderWord, Section } from '@/components/desk/menu/MenuParts';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { PhotoForm } from '@/components/desk/PhotoField';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { readPhotoFieldAnswer } from '@/lib/photos/form';
import { heldSessionsOf } from '@/lib/menu/offers';
import { MENU_FORMS, MENU_PATH, menuOfferPath, menuServicePath } from '@/lib/menu/paths';
import { readMenuRows } from '@/lib/menu/services';
import { findOffers, findServices } from '@/lib/menu/views';
import { isGuid } from '@/lib/validation';

export const metadata: Metadata = { title: 'Edit a package or bundle · Owner' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One package or bundle for the owner: its sessions, discount, services and words, its price as chosen; retiring it. */
export default async function MenuOfferPage({ params, searchParams }: Props) {
  const { id: raw } = await params;
  await requireOwnerPage(isGuid(raw) ? menuOfferPath(raw) : MENU_PATH);
  if (!isGuid(raw)) notFound();
  const id = raw.toLowerCase();
  const query = await searchParams;
  const db = await getDb();
  const rows = await readMenuRows(db);
  const [offer] = findOffers(rows, { status: 'all' }).filter((view) => view.id === id);
  if (!offer) notFound();
  const answer = await readFormFlash(MENU_FORMS.offer, query.form);
  const photoTarget = { kind: 'offer', id } as const;
  const photoAnswer = await readPhotoFieldAnswer(photoTarget, query.form);
  const confirming = query.retire === '1' && !offer.retired;
  const held = confirming ? await heldSessionsOf(db, id) : undefined;
  const options = offer.kind === 'bundle' ? bundleOptions(findServices(rows, { status: 'live' }), offer.gender) : [];
  const first = offer.services[0];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6">
      <div>
        <p className="text-sm">
          <Link href={MENU_PATH} prefetch={false} className="font-semibold text-brand-800 underline">
            Menu
          </Link>
          {first ? (
            <>
              {' '}
              ›{' '}
              <Link href={menuServicePath(first.id)} prefetch={false} className="font-semibold text-brand-800 underline">
                {first.name}
              </Link>
            </>
          ) : null}
        </p>
        <h1 className="mt-1 text-2xl font-bold">{offer.name}</h1>
        <p className="mt-1 text-sm text-gray-800">
          {offer.kind === 'package' ? 'Package' : 'Bundle'} for {genderWord(offer.gender).toLowerCase()} · code {offer.sku} ·{' '}
          {offer.retired ? (
            'retired'
          ) : (
            <a href={offer.href} className="font-semibold text-brand-800 underline">
              its page
            </a>
          )}
        </p>
      </div>

      {offer.retired ? (
        <div className="flex flex-col gap-3">
          <Answer answer={answer} />
          <p className="rounded border border-stone-300 bg-stone-50 p-3">{offer.name} is retired: it is off the specials and the shop.</p>
        </div>
      ) : (
        <OfferEditForm offer={offer} options={options} answer={answer} />
      )}

      {offer.retired ? null : (
        <Section id="photo" title="Photo">
          <PhotoForm label={`Photo of ${offer.name}`} photoId={catalogSnapshot().photos.get(id) ?? null} target={photoTarget} returnTo={menuOfferPath(id)} answer={photoAnswer} />
        </Section>
      )}

      {offer.retired ? null : (
        <Section id="retire" title="Retire">
          <p className="mt-1">Stop selling {offer.name}.</p>
          {held ? (
            <RetireOfferPanel offer={offer} heldSessions={held} backHref={menuOfferPath(id)} />
          ) : (
            <a href={`${menuOfferPath(id)}?retire=1#retire`} className="mt-2 inline-block font-semibold text-red-800 underline">
              Retire {offer.name}…
            </a>
          )}
        </Section>
      )}
    </div>
  );
}
