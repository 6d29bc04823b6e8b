import { generateStaticParams as originals } from '@/app/(site)/(catalog)/specials/[[...filter]]/page';
import { oneTwinParam } from '@/lib/routing/saved-state-pages';

export { default, generateMetadata } from '@/app/(site)/(catalog)/specials/[[...filter]]/page';
export const generateStaticParams = oneTwinParam(originals);
