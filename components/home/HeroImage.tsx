import { PhotoImage } from '@/components/ui/PhotoImage';
import { StaticImage } from '@/components/ui/StaticImage';
import { catalogPhoto } from '@/lib/photos/catalog-photo';

/**
 * The home page's hero picture, behind its heading: the photo the owner chose ('hero'), else the illustration. The
 * page's largest picture, so it is fetched first (priority). Under a photo a light veil keeps the text as readable as
 * on the illustration.
 */
export function HeroImage() {
  const hero = catalogPhoto('hero');
  if (!hero) return <StaticImage src="/images/illustrations/hero.svg" alt="" fill priority sizes="100vw" className="object-cover" />;
  return (
    <>
      <PhotoImage photo={hero} width={hero.width} height={hero.height} sizes="100vw" cssWidth={800} priority className="absolute inset-0 h-full w-full object-cover" />
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-white/90 via-white/75 to-white/25" />
    </>
  );
}
