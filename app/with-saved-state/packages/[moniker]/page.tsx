import { generateStaticParams as originals } from '@/app/(site)/(catalog)/packages/[moniker]/page';
import { oneTwinParam } from '@/lib/routing/saved-state-pages';

export { default, generateMetadata } from '@/app/(site)/(catalog)/packages/[moniker]/page';
export const generateStaticParams = oneTwinParam(originals);
