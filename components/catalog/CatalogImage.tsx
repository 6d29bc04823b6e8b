import { catalogImage } from '@/lib/content/images';
import { StaticImage } from '@/components/ui/StaticImage';

/** A service, package or bundle picture; the category illustration where no photo ships. Decorative: the name is next to it. */
export function CatalogImage({ lg, category, className, priority = false }: { lg: string; category: string; className?: string; priority?: boolean }) {
  const image = catalogImage(lg, category);
  return (
    <StaticImage
      src={image.src}
      alt=""
      width={240}
      height={200}
      sizes="(min-width: 640px) 160px, 100vw"
      priority={priority}
      className={className ?? 'h-28 w-full rounded-lg object-cover sm:h-32 sm:w-40'}
    />
  );
}
