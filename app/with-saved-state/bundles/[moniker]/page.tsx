import { generateStaticParams as originals } from '@/app/(site)/(catalog)/bundles/[moniker]/page';
import { oneTwinParam } from '@/lib/routing/saved-state-pages';

export { default, generateMetadata } from '@/app/(site)/(catalog)/bundles/[moniker]/page';
export const generateStaticParams = oneTwinParam(originals);
