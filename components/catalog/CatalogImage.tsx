import { catalogImage } from '@/lib/content/images';
import { StaticImage } from '@/components/ui/StaticImage';

/**
 * A service, package or bundle picture on its own page: the salon's photo at the specification's path when one is
 * in public/, otherwise the small illustration of its category. Decorative: the name is next to it.
 */
export function CatalogImage({ lg, category, className, priority = false }: { lg: string; category: string; className?: string; priority?: boolean }) {
  const image = catalogImage(lg, category);
  return (
    <StaticImage
      src={image.src}
      alt=""
      width={image.isPhoto ? 480 : 120}
      height={image.isPhoto ? 360 : 100}
      sizes={image.isPhoto ? '(min-width: 640px) 320px, 100vw' : '120px'}
      priority={priority}
      className={className ?? (image.isPhoto ? 'aspect-[4/3] w-full max-w-xs rounded-lg object-cover' : 'h-20 w-24 rounded-lg object-contain')}
    />
  );
}
