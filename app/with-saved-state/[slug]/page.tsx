import { generateStaticParams as originals } from '@/app/(site)/(content)/[slug]/page';
import { oneTwinParam } from '@/lib/routing/saved-state-pages';

export { default, generateMetadata } from '@/app/(site)/(content)/[slug]/page';
export const generateStaticParams = oneTwinParam(originals);
