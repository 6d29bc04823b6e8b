import { generateStaticParams as originals } from '@/app/(site)/(catalog)/[slug]/services/[svc]/page';
import { oneTwinParam } from '@/lib/routing/saved-state-pages';

export { default, generateMetadata } from '@/app/(site)/(catalog)/[slug]/services/[svc]/page';
export const generateStaticParams = oneTwinParam(originals);
