import type { Metadata } from 'next';
import { BannerForm, flashFor, NewNewsForm, NewsCardForm } from '@/components/desk/PromotionForms';
import { PROMOTIONS_FORM } from '@/components/desk/promotion-form-names';
import { Flash } from '@/components/desk/ScheduleParts';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { PhotoForm } from '@/components/desk/PhotoField';
import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { readPhotoFieldAnswer } from '@/lib/photos/form';
import { newYorkToday } from '@/lib/marketing/banner-window';
import { bannerStatusLine } from '@/lib/marketing/promotion-rules';
import { listNews, readBanner } from '@/lib/marketing/promotions';

export const metadata: Metadata = { title: 'Promotions' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function PromotionsPage({ searchParams }: { searchParams: Search }) {
  await requireOwnerPage('/desk/promotions/');
  const query = await searchParams;
  const flash = await readFormFlash(PROMOTIONS_FORM, query.form);
  const heroTarget = { kind: 'hero', id: 'home' } as const;
  const heroAnswer = await readPhotoFieldAnswer(heroTarget, query.form);
  const db = await getDb();
  const [banner, cards] = await Promise.all([readBanner(db), listNews(db)]);
  const today = newYorkToday();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Promotions</h1>
      <p className="mt-1 text-stone-700">The home page&rsquo;s banner and its Latest News cards. A saved change shows on the home page within seconds.</p>

      <section id="banner" aria-labelledby="banner-heading" className="mt-6 scroll-mt-4">
        <h2 id="banner-heading" className="text-xl font-bold">
          Home page banner
        </h2>
        {banner ? (
          <p className="mt-1">
            <strong>{banner.text}</strong>
            {banner.link ? ` (links to ${banner.link})` : ''}. {bannerStatusLine(banner, today)}
          </p>
        ) : (
          <p className="mt-1">No banner: the home page shows none.</p>
        )}
        <BannerForm banner={banner} today={today} flash={flashFor(flash, 'banner')} />
      </section>

      <section id="hero" aria-labelledby="hero-heading" className="mt-8 scroll-mt-4">
        <h2 id="hero-heading" className="text-xl font-bold">
          Home page picture
        </h2>
        <p className="mt-1 text-stone-700">The large picture at the top of the home page; without one it shows the salon&rsquo;s illustration.</p>
        <PhotoForm label="Home page picture" photoId={catalogSnapshot().photos.get('hero') ?? null} target={heroTarget} returnTo="/desk/promotions/" answer={heroAnswer} />
      </section>

      <section id="news" aria-labelledby="news-heading" className="mt-8 scroll-mt-4">
        <h2 id="news-heading" className="text-xl font-bold">
          Latest News
        </h2>
        <p className="mt-1 text-stone-700">The cards under the home page&rsquo;s picture, in this order; only published ones show.</p>
        <Flash state={flashFor(flash, 'news')} />
        {cards.length === 0 ? (
          <p className="mt-3">No cards yet: the home page shows no Latest News.</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-4">
            {cards.map((card) => (
              <NewsCardForm key={card.id} card={card} count={cards.length} flash={flashFor(flash, `news-${card.id}`)} />
            ))}
          </ol>
        )}
        <NewNewsForm flash={flashFor(flash, 'news-new')} />
      </section>
    </div>
  );
}
