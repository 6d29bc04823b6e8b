import { catalogImage } from '@/lib/content/images';
import type { PhotoRef } from '@/lib/photos/address';
import { PhotoImage } from '@/components/ui/PhotoImage';
import { StaticImage } from '@/components/ui/StaticImage';

const PHOTO_CLASS = 'aspect-[4/3] w-full max-w-xs rounded-lg object-cover';
const PHOTO_SIZES = '(min-width: 640px) 320px, 100vw';

/**
 * A service, package or bundle picture on its own page: the photo the owner uploaded (`photo`), else the salon's photo
 * at the specification's path when one is in public/, otherwise the small illustration of its category. Decorative:
 * the name is next to it.
 */
export function CatalogImage({ lg, category, className, priority = false, photo }: { lg: string; category: string; className?: string; priority?: boolean; photo?: PhotoRef }) {
  if (photo) return <PhotoImage photo={photo} width={480} height={360} cssWidth={320} sizes={PHOTO_SIZES} priority={priority} className={className ?? PHOTO_CLASS} />;
  const image = catalogImage(lg, category);
  return (
    <StaticImage
      src={image.src}
      alt=""
      width={image.isPhoto ? 480 : 120}
      height={image.isPhoto ? 360 : 100}
      sizes={image.isPhoto ? PHOTO_SIZES : '120px'}
      priority={priority}
      className={className ?? (image.isPhoto ? PHOTO_CLASS : 'h-20 w-24 rounded-lg object-contain')}
    />
  );
}
